import { describe, expect, it } from 'vitest';
import { lookAlikeKey } from '../../src/shared/look-alike.js';
import { normalizeName } from '../../src/shared/schemas/team.js';

/** Invisible code points a captain could slip into a Riot ID or team name. */
const invisibleCodePoints = [
  '\uFE0F',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
  '\u180E',
  '\u034F',
  '\u3164',
  '\u115F',
  '\uFE00',
  '\u{E0041}',
];

describe('lookAlikeKey', () => {
  it('is the same for a Riot ID with any invisible code point in it', () => {
    for (const invisible of invisibleCodePoints) {
      expect(lookAlikeKey(`Invis${invisible}Cap#NA1`), JSON.stringify(invisible)).toBe(lookAlikeKey('InvisCap#NA1'));
      expect(lookAlikeKey(`InvisCap${invisible}#NA1${invisible}`), JSON.stringify(invisible)).toBe(lookAlikeKey('InvisCap#NA1'));
    }
  });

  it('is the same for Cyrillic and Greek look-alikes of Latin letters, in either case', () => {
    expect(lookAlikeKey('InvisCap#N\u0410\u0031')).toBe(lookAlikeKey('InvisCap#NA1')); // Cyrillic capital А
    expect(lookAlikeKey('Night \u041Ewls')).toBe(lookAlikeKey('Night Owls')); // Cyrillic capital О
    expect(lookAlikeKey('Night \u043Ewls')).toBe(lookAlikeKey('Night owls')); // Cyrillic small о
    expect(lookAlikeKey('\u041D\u0410\u0421\u041A')).toBe(lookAlikeKey('HACK')); // Cyrillic НАСК
    expect(lookAlikeKey('\u039A\u0391\u03A4\u0395 Z\u03BFe')).toBe(lookAlikeKey('KATE Zoe')); // Greek ΚΑΤΕ and small ο
    expect(lookAlikeKey('\u0251lpha')).toBe(lookAlikeKey('alpha')); // Latin small alpha ɑ
  });

  it('is the same for full-width, mathematical and other compatibility forms (NFKC)', () => {
    expect(lookAlikeKey('InvisCap#\uFF2E\uFF21\uFF11')).toBe(lookAlikeKey('InvisCap#NA1')); // ＮＡ１
    expect(lookAlikeKey('\u{1D408}\u{1D427}\u{1D42F}\u{1D422}\u{1D42C}Cap#NA1')).toBe(lookAlikeKey('InvisCap#NA1')); // 𝐈𝐧𝐯𝐢𝐬
    expect(lookAlikeKey('\u{1D40D}\u{1D422}\u{1D420}\u{1D421}\u{1D42D} Owls')).toBe(lookAlikeKey('Night Owls'));
  });

  it('treats every kind of space, and runs of them, as one space', () => {
    for (const space of ['\u00A0', '\u2003', '\u3000', '  ', ' \u00A0 ']) {
      expect(lookAlikeKey(`Night${space}Owls`), JSON.stringify(space)).toBe(lookAlikeKey('Night Owls'));
    }
    expect(lookAlikeKey('\u00A0Night Owls\u00A0')).toBe(lookAlikeKey('Night Owls'));
  });

  it('folds case as the comparison always did, and composed and decomposed forms', () => {
    expect(lookAlikeKey('SENTINELS OF DAWN')).toBe(lookAlikeKey('Sentinels of Dawn'));
    expect(lookAlikeKey('invisCAP#na1')).toBe(lookAlikeKey('InvisCap#NA1'));
    expect(lookAlikeKey('Jose\u0301#EUW')).toBe(lookAlikeKey('Jos\u00e9#EUW'));
  });

  it('agrees with the stored form: what normalizeName keeps has the key of what was typed', () => {
    for (const typed of [' \uFEFFJo\u200Bs\u00e9\u202E#EUW\u200D ', 'Caf\u00e9\u200B Club', 'InvisCap\uFE0F#NA1']) {
      expect(lookAlikeKey(normalizeName(typed))).toBe(lookAlikeKey(typed));
    }
  });

  it('keeps names that look different apart', () => {
    const names = [
      'Night Owls',
      'Night Owl',
      'Night Owls 2',
      'Day Owls',
      'Sentinels of Dawn',
      'InvisCap#NA1',
      'InvisCap#NA2',
      'InvisCap#EUW',
      'Jos\u00e9#EUW',
      'Jose#EUW',
    ];
    expect(new Set(names.map(lookAlikeKey)).size).toBe(names.length);
  });
});
