import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { capacityLevel, computeCapacity } from '../../src/shared/capacity.js';
import { formatLongDate, formatShortDate, timeLeft } from '../../src/shared/dates.js';
import { platformLabel, recognizeHighlight } from '../../src/shared/highlights.js';
import { teamInitials } from '../../src/shared/initials.js';
import { asCurrency, formatMoney, fromMinorUnits, toMinorUnits } from '../../src/shared/money.js';

describe('money', () => {
  it('converts amounts to minor units and back', () => {
    expect(toMinorUnits('25')).toBe(2500);
    expect(toMinorUnits('25.5')).toBe(2550);
    expect(toMinorUnits('0.05')).toBe(5);
    expect(toMinorUnits(' 5000.00 ')).toBe(500000);
    expect(() => toMinorUnits('12.345')).toThrow();
    expect(() => toMinorUnits('-1')).toThrow();
    expect(() => toMinorUnits('1e3')).toThrow();
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (minor) => toMinorUnits(fromMinorUnits(minor)) === minor));
  });

  it('formats with 2 decimals in US format and the currency symbol, USD by default', () => {
    expect(formatMoney('5000', 'USD')).toBe('$5,000.00');
    expect(formatMoney('25.5', 'EUR')).toBe('€25.50');
    expect(formatMoney(1234567.891, 'GBP')).toBe('£1,234,567.89');
    expect(formatMoney('10', null)).toBe('$10.00');
    expect(formatMoney('10', 'XYZ')).toBe('$10.00');
    expect(asCurrency(undefined)).toBe('USD');
  });
});

describe('capacity', () => {
  it('computes spots left and percentage full', () => {
    expect(computeCapacity(0, 32)).toEqual({ registered: 0, capacity: 32, spotsLeft: 32, percentageFull: 0 });
    expect(computeCapacity(3, 4)).toEqual({ registered: 3, capacity: 4, spotsLeft: 1, percentageFull: 75 });
    expect(computeCapacity(5, 4)).toEqual({ registered: 5, capacity: 4, spotsLeft: 0, percentageFull: 100 });
  });

  it('is green below 70 %, yellow from 70 %, red from 90 % and full at capacity', () => {
    expect(capacityLevel(computeCapacity(13, 20))).toBe('green');
    expect(capacityLevel(computeCapacity(14, 20))).toBe('yellow');
    expect(capacityLevel(computeCapacity(17, 20))).toBe('yellow');
    expect(capacityLevel(computeCapacity(18, 20))).toBe('red');
    expect(capacityLevel(computeCapacity(19, 20))).toBe('red');
    expect(capacityLevel(computeCapacity(20, 20))).toBe('full');
  });
});

describe('dates', () => {
  it('formats en-US short and long dates', () => {
    expect(formatShortDate('2026-12-05T12:00:00Z')).toBe('Dec 5, 2026');
    expect(formatLongDate('2026-12-05T12:00:00Z')).toBe('December 5, 2026');
    expect(formatShortDate('not a date')).toBe('TBA');
  });

  it('counts down to zero and stays there', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(timeLeft(new Date('2026-01-02T01:02:03Z'), now)).toEqual({ days: 1, hours: 1, minutes: 2, seconds: 3, isOver: false });
    expect(timeLeft(new Date('2025-12-31T00:00:00Z'), now)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, isOver: true });
  });
});

describe('highlight links', () => {
  const host = 'cup.example.org';
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'youtube', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://clips.twitch.tv/FunnyClipSlug', 'twitch', 'https://clips.twitch.tv/embed?clip=FunnyClipSlug&parent=cup.example.org'],
    ['https://www.twitch.tv/someone/clip/FunnyClipSlug', 'twitch', 'https://clips.twitch.tv/embed?clip=FunnyClipSlug&parent=cup.example.org'],
    ['https://www.twitch.tv/videos/123456789', 'twitch', 'https://player.twitch.tv/?video=123456789&parent=cup.example.org&autoplay=false'],
    ['https://streamable.com/abc123', 'streamable', 'https://streamable.com/e/abc123'],
  ])('embeds %s', (url, platform, embedUrl) => {
    expect(recognizeHighlight(url, host)).toEqual({ platform, embedUrl });
  });

  it.each(['https://vimeo.com/1234', 'https://www.youtube.com/channel/abc', 'javascript:alert(1)', 'not a url', 'https://www.twitch.tv/someone'])('only links %s', (url) => {
    expect(recognizeHighlight(url, host)).toEqual({ platform: 'link', embedUrl: null });
  });

  it('labels platforms', () => {
    expect(platformLabel('youtube')).toBe('YouTube');
    expect(platformLabel('link')).toBe('Link');
  });
});

describe('team initials', () => {
  it('takes the first letters of the first two words', () => {
    expect(teamInitials('night owls esports')).toBe('NO');
    expect(teamInitials('  Solo  ')).toBe('S');
    expect(teamInitials('')).toBe('');
  });
});
