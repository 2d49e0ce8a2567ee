import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { argumentNames, formatMessage, parseMessage } from '../../src/shared/i18n/format-message';
import { negotiateLocale, offeredLocale, pageLocale } from '../../src/shared/i18n/locales';
import { pseudoText } from '../../src/shared/i18n/pseudo-text';
import { richParts } from '../../src/shared/i18n/rich-text';
import { bracketNameText } from '../../src/shared/bracket/name-text';
import { createTranslator, setPseudoText } from '../../src/shared/i18n/translator';

setPseudoText(pseudoText);

describe('formatMessage', () => {
  it('fills named values, numbers in the locale', () => {
    expect(formatMessage('Hello {name}!', 'en', { name: 'Ana' })).toBe('Hello Ana!');
    // Spanish groups thousands only from five digits on.
    expect(formatMessage('{n} equipos', 'es', { n: 1234 })).toBe('1234 equipos');
    expect(formatMessage('{n} equipos', 'es', { n: 12345 })).toBe('12.345 equipos');
    expect(formatMessage('{n} teams', 'en', { n: 1234 })).toBe('1,234 teams');
  });

  it('chooses plural cases by the locale, exact cases first, # is the number', () => {
    const message = '{count, plural, =0 {No teams} one {# team} other {# teams}}';
    expect(formatMessage(message, 'en', { count: 0 })).toBe('No teams');
    expect(formatMessage(message, 'en', { count: 1 })).toBe('1 team');
    expect(formatMessage(message, 'en', { count: 2 })).toBe('2 teams');
    // Portuguese of Brazil takes 0 and 1 as "one"; the exact case still wins for 0.
    expect(formatMessage('{count, plural, one {# equipe} other {# equipes}}', 'pt-BR', { count: 0 })).toBe('0 equipe');
    expect(formatMessage('{count, plural, one {# equipe} other {# equipes}}', 'pt-BR', { count: 1500 })).toBe('1.500 equipes');
  });

  it('selects, nests, and leaves # alone outside a plural', () => {
    const message = '{kind, select, team {{count, plural, one {# team} other {# teams}} left} other {Spot #1}}';
    expect(formatMessage(message, 'en', { kind: 'team', count: 3 })).toBe('3 teams left');
    expect(formatMessage(message, 'en', { kind: 'x', count: 3 })).toBe('Spot #1');
    expect(formatMessage('Seed #{seed}', 'en', { seed: 4 })).toBe('Seed #4');
  });

  it('shows a malformed message as written rather than failing, and a parse names the fault', () => {
    expect(formatMessage('Broken {count, plural, one {x}', 'en', { count: 1 })).toBe('Broken {count, plural, one {x}');
    expect(() => parseMessage('{count, plural, one {x}}')).toThrow(/other/);
  });

  it('lists the values a message takes', () => {
    expect(argumentNames('{a} and {b, plural, one {{c}} other {#}}')).toEqual(['a', 'b', 'c']);
  });
});

describe('locales', () => {
  it('maps language tags to those offered', () => {
    expect(offeredLocale('es-MX')).toBe('es');
    expect(offeredLocale('pt')).toBe('pt-BR');
    expect(offeredLocale('pt-PT')).toBe('pt-BR');
    expect(offeredLocale('EN-us')).toBe('en');
    expect(offeredLocale('de')).toBeNull();
  });

  it('follows the browser by weight, never to the pseudo-locale', () => {
    expect(negotiateLocale('de-DE,de;q=0.9,es;q=0.8,en;q=0.7')).toBe('es');
    expect(negotiateLocale('en;q=0.5, pt-BR')).toBe('pt-BR');
    expect(negotiateLocale('en-XA')).toBeNull();
    expect(negotiateLocale('fr')).toBeNull();
  });

  it('puts the visitor’s choice over the browser and the browser over the site’s default', () => {
    expect(pageLocale({ query: 'es', cookie: 'pt-BR', acceptLanguage: 'en', siteDefault: 'en' })).toBe('es');
    expect(pageLocale({ query: 'xx', cookie: 'pt-BR', acceptLanguage: 'es', siteDefault: 'en' })).toBe('pt-BR');
    expect(pageLocale({ acceptLanguage: 'es-AR', siteDefault: 'pt-BR' })).toBe('es');
    expect(pageLocale({ acceptLanguage: 'fr', siteDefault: 'pt-BR' })).toBe('pt-BR');
  });
});

describe('translator', () => {
  it('translates from the catalog and falls back to the English text', () => {
    const t = createTranslator('es', { 'Register Team': 'Inscribir equipo', '{count} spots left': 'Quedan {count} plazas' });
    expect(t('Register Team')).toBe('Inscribir equipo');
    expect(t('{count} spots left', { count: 3 })).toBe('Quedan 3 plazas');
    expect(t('Not in the catalog')).toBe('Not in the catalog');
  });

  it('reads a text as ICU only with values: a text from elsewhere is shown as it is, never parsed', () => {
    const t = createTranslator('es', {});
    expect(t('No route for GET /api/{x, select, other {rewritten}}')).toBe('No route for GET /api/{x, select, other {rewritten}}');
    expect(t('constructor')).toBe('constructor');
    expect(t('toString')).toBe('toString');
  });

  it('makes the pseudo-locale 40 % longer and accented, values untouched', () => {
    const t = createTranslator('en-XA', {});
    const text = t('Register your team, {name}', { name: 'Nova' });
    expect(text).toContain('Nova');
    expect(text).toMatch(/^Ŕ?Rég/);
    expect(pseudoText('Register Team').length).toBeGreaterThanOrEqual(Math.ceil('Register Team'.length * 1.4));
  });
});

describe('pseudo-locale', () => {
  it('keeps the tags of a rich sentence', () => {
    expect(pseudoText('Read the <rules>rules</rules> now')).toMatch(/^Réåd thé ŀ[^<]*<rules>rülés ŀ[^<]*<\/rules> ñöw /);
  });
});

describe('rich sentences', () => {
  it('cut at their tags, a value with tags in it staying text', () => {
    const t = createTranslator('es', { 'Offer a spot to <b>{name}</b> now': 'Ofrece una plaza a <b>{name}</b> ahora' });
    expect(richParts(t, 'Offer a spot to <b>{name}</b> now', { name: 'Evil </b><i>Team</i>' })).toEqual([
      { tag: null, text: 'Ofrece una plaza a ' },
      { tag: 'b', text: 'Evil </b><i>Team</i>' },
      { tag: null, text: ' ahora' },
    ]);
    // A value that chooses a case chooses it.
    expect(richParts(t, 'By {who, select, captain {<b>the captain</b>} other {the organizer}}', { who: 'captain' })).toEqual([
      { tag: null, text: 'By ' },
      { tag: 'b', text: 'the captain' },
    ]);
    expect(richParts(t, 'Plain <x>words</x>')).toEqual([
      { tag: null, text: 'Plain ' },
      { tag: 'x', text: 'words' },
    ]);
  });
});

describe('the bracket’s names', () => {
  it('are read part by part in a language, an unknown part as written', () => {
    const es = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../src/shared/i18n/catalogs/es/shared.json'), 'utf8')) as Record<string, string>;
    const t = createTranslator('es', es);
    expect(bracketNameText('Group B, Round 3, Match 1', t)).toBe(`${t('Group {letter}', { letter: 'B' })}, ${t('Round {number}', { number: '3' })}, ${t('Match {number}', { number: '1' })}`);
    expect(bracketNameText('Group B, Round 3, Match 1', t)).not.toContain('Round');
    expect(bracketNameText('Playoffs: Final, Match 2', t)).toBe(`${t('Playoffs: {round}', { round: t('Final') })}, ${t('Match {number}', { number: '2' })}`);
    expect(bracketNameText('Something new', t)).toBe('Something new');
    expect(bracketNameText('Playoffs: Final, Match 2', createTranslator('en', {}))).toBe('Playoffs: Final, Match 2');
  });
});
