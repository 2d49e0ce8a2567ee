import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { captainAuthorization, createLiveTournament, expect, registerTeam, resetSite, type Site } from './fixtures';

/** Waits until the page is what a person would read: nothing loading, nothing half faded in. */
async function settled(page: Page): Promise<void> {
  // No hover: a passing state (the button the last click left under the pointer), whose translucent
  // oklab colour IBM's engine cannot read; it then measures the text against the page behind.
  await page.mouse.move(0, 0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // A dialog mid fade-in would have its contrast measured on colours half-way.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'));
}

/**
 * Every axe result fails, whatever its impact. An exception names the rule or the element and why
 * it cannot be fixed here; none is needed today, so the list is empty.
 */
export async function axeViolations(page: Page, { exclude = [] as string[] } = {}): Promise<string[]> {
  await settled(page);
  let builder = new AxeBuilder({ page });
  for (const selector of exclude) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations.map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export async function expectNoAxeViolations(page: Page, state: string, options?: { exclude?: string[] }): Promise<void> {
  expect(await axeViolations(page, options), `axe: ${state}`).toEqual([]);
}

/** IBM Equal Access's engine, read once: it is injected into each page it scans (tests run offline). */
let ibmEngine: string | undefined;
const ibmEngineSource = () => (ibmEngine ??= fs.readFileSync(createRequire(import.meta.url).resolve('accessibility-checker-engine/ace.js'), 'utf8'));

interface IbmIssue {
  ruleId: string;
  value: [string, string];
  message: string;
  path: { dom: string };
  snippet: string;
}

/**
 * Third-party behaviour the IBM engine reports and our code cannot change, each named with why.
 * Radix's modal layer (dialogs, alert dialogs, the menu drawer) hides the page behind an open modal
 * with aria-hidden (marked data-aria-hidden) and keeps Tab inside the dialog with a focus trap
 * guarded by two tabbable, aria-hidden spans: the elements behind stay focusable in the DOM but
 * cannot be reached. Radix's toasts are tabbable list items with two visually hidden focus
 * proxies, so a keyboard reaches a toast from the F8 hotkey; they are not widgets by design.
 * Uppy's upload dashboard names its generic window with aria-label and points its source tabs at
 * panels it renders only once chosen: its own markup, which it gives us no way to change.
 */
const ibmThirdParty = [
  { rule: 'aria_attribute_valid', within: '.uppy-Dashboard' },
  { rule: 'aria_id_unique', within: '.uppy-Dashboard' },
  { rule: 'aria_hidden_nontabbable', within: '[data-aria-hidden="true"], [data-radix-focus-guard]' },
  { rule: 'element_tabbable_role_valid', within: '[data-testid="toast"], [role="region"][aria-label^="Notifications"] > span' },
];

/**
 * IBM Equal Access (its current "IBM_Accessibility" guideline, WCAG 2.2 AA and more): every
 * violation fails. Its "potential violations" and recommendations do not: they are the engine
 * asking a person to judge (is this text a heading? is this link's purpose clear?), and the same
 * element would be flagged again on every run whatever the answer.
 */
export async function ibmViolations(page: Page): Promise<string[]> {
  await settled(page);
  // Evaluated through the debugging protocol, so the site's Content-Security-Policy (no inline
  // scripts) does not block it; a page keeps the engine until it navigates.
  if (!(await page.evaluate(() => 'ace' in window))) await page.evaluate(ibmEngineSource());
  return page.evaluate(async (thirdParty) => {
    const { ace } = window as unknown as { ace: { Checker: new () => { check(node: Document, guidelines: string[]): Promise<{ results: IbmIssue[] }> } } };
    const report = await new ace.Checker().check(document, ['IBM_Accessibility']);
    const elementAt = (xpath: string) => document.evaluate(xpath, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue as Element | null;
    const isThirdParty = (issue: IbmIssue) => thirdParty.some(({ rule, within }) => rule === issue.ruleId && elementAt(issue.path.dom)?.closest(within));
    return report.results
      .filter((issue) => issue.value[0] === 'VIOLATION' && issue.value[1] === 'FAIL' && !isThirdParty(issue))
      .map((issue) => `${issue.ruleId}: ${issue.message} at ${issue.path.dom} ${issue.snippet}`);
  }, ibmThirdParty);
}

export async function expectNoIbmViolations(page: Page, state: string): Promise<void> {
  expect(await ibmViolations(page), `IBM Equal Access: ${state}`).toEqual([]);
}

/** Both engines on the page as it is now: each finds things the other misses. */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  // One assertion, so a failure shows what both engines found.
  expect({ axe: await axeViolations(page), ibm: await ibmViolations(page) }, state).toEqual({ axe: [], ibm: [] });
}

/** WCAG 1.4.12: the text spacing a reader may force on any page, as the W3C bookmarklet does. */
export const textSpacingCss = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Presses Escape once focus is inside the dialog, until the dialog has closed. A key pressed between
 * "visible" and the moment the dialog listens for Escape is lost; focus moving in is not always that
 * moment (on a loaded machine focus was inside and Escape still went unheard, once in a full run).
 * No person presses that fast, and a dialog that never closes on Escape still fails here.
 */
export async function escapeFrom(page: Page, dialog: Locator): Promise<void> {
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement)), 'focus inside the dialog').toBe(true);
  await expect(async () => {
    if (await dialog.isVisible()) await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 1000 });
  }, 'Escape closes the dialog').toPass({ timeout: 10_000 });
}

/** A short, stable description of the focused element: tag, then its accessible text or id. */
export async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
    const name = el.getAttribute('aria-label') || label || el.textContent || '';
    return `${el.tagName.toLowerCase()} ${name.replace(/\s+/g, ' ').trim()}`.trim();
  });
}

/** Pays for a registered team through the demo provider's API, as the card form would. */
export async function payForTeam(site: Site, tournamentId: string, teamId: string, cardNumber: string): Promise<void> {
  const intent = await site.adminApi.post('/api/create-payment-intent', { data: { tournamentId, teamId }, headers: captainAuthorization(teamId) });
  expect(intent.ok(), await intent.text()).toBe(true);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const confirm = await site.adminApi.post('/api/demo-payments/confirm', { data: { clientSecret, cardNumber, expiry: '12 / 34', cvc: '123' }, headers: captainAuthorization(teamId) });
  if (confirm.ok()) await site.adminApi.patch(`/api/teams/${teamId}/payment-complete`);
}

/** An active tournament with a confirmed, a failed and a pending team, and a champion with highlights. */
export async function seedEveryState(site: Site) {
  await resetSite(site);
  const tournament = await createLiveTournament(site, { maxTeams: 8 });
  const confirmed = await registerTeam(site, tournament.id, 'Confirmed Crew');
  await payForTeam(site, tournament.id, confirmed.id, '4242424242424242');
  const failed = await registerTeam(site, tournament.id, 'Declined Dragons');
  await payForTeam(site, tournament.id, failed.id, '4000000000000002');
  await registerTeam(site, tournament.id, 'Pending Pandas');
  const champion = await site.adminApi.post('/api/champions', {
    data: {
      placement: 1,
      teamName: 'Phantom Five',
      tournamentName: 'Autumn Open 2025',
      tournamentDate: '2025-10-18T18:00:00.000Z',
      playerNames: ['Ace#EUW', 'Blitz#EUW'],
      highlights: [
        { title: 'Grand final ace', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', type: 'youtube' },
        { title: 'Recap', url: 'https://example.com/recap', type: 'youtube' },
      ],
      prizeAmount: '2500',
      currency: 'USD',
      teamQuote: 'GG.',
    },
  });
  expect(champion.ok(), await champion.text()).toBe(true);
  return tournament;
}

/** Embedded players are answered locally: tests never reach YouTube. */
export async function stubVideoEmbeds(page: Page): Promise<void> {
  await page.route(/youtube(-nocookie)?\.com\/embed/, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Player</title><button>Play</button>' }),
  );
}

export const publicPages = [
  '/',
  '/teams',
  '/bracket',
  '/hall-of-fame',
  '/rules',
  '/contact',
  '/refund-policy',
  '/terms-of-service',
  '/privacy',
  '/accessibility',
  '/register',
  '/admin/login',
  '/not-a-page',
];

/** Elements that reach past the right edge, for a failure message that says where to look. */
export async function widestElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5 && el.getClientRects().length > 0)
      .slice(-5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')} right=${Math.round(el.getBoundingClientRect().right)} "${(el.textContent ?? '').slice(0, 30)}"`,
      );
  });
}

export interface Contrast {
  what: string;
  ratio: number;
}

/**
 * The contrast of each matching element against what is painted behind it, from computed styles:
 * `kind: 'text'` compares the text colour, `'fill'` the element's own background (a meter's bar, a
 * status dot) with its parent's, `'border'` its border with what lies outside it. Translucent layers are composited; a gradient counts at its worst stop.
 */
export async function contrastOf(page: Page, selector: string, kind: 'text' | 'fill' | 'border'): Promise<Contrast[]> {
  return page.locator(selector).evaluateAll((elements, kind) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    // The canvas turns any CSS colour (oklch, color-mix results…) into sRGB.
    const rgba = (css: string): number[] => {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = '#000';
      ctx.fillStyle = css;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      return [r, g, b, a / 255];
    };
    const over = (top: number[], below: number[]) => [0, 1, 2].map((i) => top[i] * top[3] + below[i] * (1 - top[3])).concat(1);
    const luminance = ([r, g, b]: number[]) => {
      const lin = (c: number) => ((c /= 255) <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
    };
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const colourStops = (image: string) => image.match(/(rgba?|oklab|oklch|color)\([^)]*\)/g) ?? [];
    /** The colours that may be painted behind `el` (several when a gradient is involved). */
    const backdrops = (el: Element | null): number[][] => {
      if (!el) return [[255, 255, 255, 1]];
      const style = getComputedStyle(el);
      let below = backdrops(el.parentElement);
      const stops = colourStops(style.backgroundImage);
      if (stops.length > 0) below = stops.flatMap((stop) => below.map((b) => over(rgba(stop), b)));
      const own = rgba(style.backgroundColor);
      return own[3] > 0 ? below.map((b) => over(own, b)) : below;
    };
    return elements.map((el) => {
      const what = `${(el.textContent ?? '').trim().slice(0, 40) || el.getAttribute('data-testid') || el.className}`;
      if (kind === 'text') {
        const text = rgba(getComputedStyle(el).color);
        // A translucent element (opacity-90) fades its text into what is behind it.
        for (let node: Element | null = el; node; node = node.parentElement) text[3] *= Number(getComputedStyle(node).opacity);
        return { what, ratio: Math.min(...backdrops(el).map((bg) => ratio(over(text, bg), bg))) };
      }
      const fills = kind === 'border' ? backdrops(el).map((bg) => over(rgba(getComputedStyle(el).borderTopColor), bg)) : backdrops(el);
      const behind = backdrops(el.parentElement);
      return { what, ratio: Math.min(...fills.flatMap((fill) => behind.map((bg) => ratio(fill, bg)))) };
    });
  }, kind);
}
