import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';

describe('Discord configuration', () => {
  const all = { DISCORD_CLIENT_ID: '1', DISCORD_CLIENT_SECRET: 's', DISCORD_BOT_TOKEN: 'b', DISCORD_GUILD_ID: '2' };

  it('takes all four variables or none', () => {
    expect(loadConfig({}).discord).toBeNull();
    expect(loadConfig(all).discord).toEqual({ clientId: '1', clientSecret: 's', botToken: 'b', guildId: '2', origin: 'https://discord.com' });
    expect(() => loadConfig({ DISCORD_CLIENT_ID: '1', DISCORD_CLIENT_SECRET: 's' })).toThrowError(
      'DISCORD_CLIENT_ID, DISCORD_CLIENT_SECRET, DISCORD_BOT_TOKEN and DISCORD_GUILD_ID go together (missing: DISCORD_BOT_TOKEN, DISCORD_GUILD_ID)',
    );
  });

  it('points OAuth2 and REST at a stand-in outside production, and refuses that in production', () => {
    expect(loadConfig({ ...all, DISCORD_API_URL: 'http://127.0.0.1:9999/' }).discord?.origin).toBe('http://127.0.0.1:9999');
    expect(() => loadConfig({ NODE_ENV: 'production', PAYMENTS: 'demo', ...all, DISCORD_API_URL: 'http://127.0.0.1:9999' })).toThrowError(
      "DISCORD_API_URL: only for tests and development (a stand-in of Discord's API), never in production",
    );
  });
});
