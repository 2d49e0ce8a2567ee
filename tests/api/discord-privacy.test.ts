import { describe, expect, it } from 'vitest';
import { siteQuery } from '../../src/web/queries/public.js';
import { startDiscordStandIn } from '../support/discord-stand-in.js';
import { createTestApp } from '../support/test-app.js';

/**
 * The privacy policy names the Discord account id as personal data when captains connect one (a
 * Discord application configured), and keeps its text otherwise: the page rendered by the web
 * client's server entry, from the site settings the server answers.
 */

async function privacyPageText(env: Record<string, string>): Promise<string> {
  const t = await createTestApp(env);
  const site = (await t.app.inject({ method: 'GET', url: '/api/site' })).json() as unknown;
  const { renderPage } = await import('../../src/web/entry-server.js');
  const rendered = await renderPage({ url: 'https://cup.example.org/privacy', queries: [[siteQuery().queryKey as readonly string[], site]], renderTime: Date.now() });
  // The text as read: tags dropped, entities and spaces as a browser shows them.
  return rendered!.html
    .replace(/<[^>]+>/g, '')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('the privacy policy and the Discord account', () => {
  it('lists the account id, what it is used for, who receives what, how long it is kept and that erasure takes it and the role', async () => {
    const discord = await startDiscordStandIn();
    try {
      const text = await privacyPageText(discord.env());
      expect(text).toContain(
        "Discord account: when the captain connects their Discord account at registration, the account's id and username. We use them to add the captain to our Discord server and to give them the tournament's captain role while the team is confirmed.",
      );
      expect(text).toContain(
        "Discord receives what the site posts publicly there, such as tournament announcements and results, and, for a captain who connects their account, that the account joins our server and holds the tournament's captain role; never contact details.",
      );
      expect(text).toContain('Team data (names, Riot IDs, Discord username, Discord account id, e-mail, logo): 2 years after the tournament date, then erased.');
      expect(text).toContain(
        "from the team's e-mail address. A connected Discord account's id is erased too, and the tournament's captain role is taken from the account. An erasure is final",
      );
    } finally {
      await discord.close();
    }
  });

  it('keeps the text without a Discord application', async () => {
    const text = await privacyPageText({});
    expect(text).not.toContain('Discord account');
    expect(text).toContain('Discord receives only what the site posts publicly there, such as tournament announcements and results, never contact details.');
    expect(text).toContain('Team data (names, Riot IDs, Discord username, e-mail, logo): 2 years after the tournament date, then erased.');
    expect(text).toContain("from the team's e-mail address. An erasure is final");
  });
});
