import { metaOf } from '../../shared/page-meta.js';
import { paths } from '../../shared/paths.js';
import { splitFirstWord } from '../../shared/public-display.js';
import type { Tournament } from '../../shared/schemas/tournament.js';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * What the browser paints before any JavaScript has run: the demo banner, the header and the top of
 * the page (the tournament's name and description on the home page), in the same classes the React
 * components use, so the first paint comes with the HTML and the app replaces it without a jump.
 */
export function renderBootShell({ path, siteName, isDemo, active }: { path: string; siteName: string; isDemo: boolean; active: Tournament | null }): string {
  const banner = isDemo
    ? `<div class="bg-warning text-background"><p class="mx-auto flex max-w-7xl items-center justify-center gap-2 px-4 py-1.5 text-center text-xs font-medium sm:text-sm"><span><strong class="font-bold">Demo payments:</strong> no real money moves. Use test card <span class="whitespace-nowrap font-mono font-semibold">4242 4242 4242 4242</span>.</span></p></div>`
    : '';
  const header = `<header class="sticky top-0 z-40 border-b border-border/70 bg-background/85"><div class="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6"><span class="flex items-center gap-2.5 font-extrabold tracking-tight"><span class="grid size-9 place-items-center rounded-lg bg-primary"></span><span class="text-lg uppercase">${escapeHtml(siteName)}</span></span></div></header>`;
  return `<div class="flex min-h-screen flex-col" aria-busy="true">${banner}${header}<main class="flex-1">${top(path, active)}</main></div>`;
}

function top(path: string, active: Tournament | null): string {
  if (path === paths.home && active) {
    const { first, rest } = splitFirstWord(active.name);
    const description = active.description || 'Assemble your five, lock in your spot and fight for the prize pool.';
    return `<section class="hero-backdrop relative overflow-hidden border-b border-border"><div class="relative mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[1.25fr_1fr]"><div><div class="mb-5 flex flex-wrap items-center gap-2 h-[26px]"></div><h1 class="text-4xl font-black uppercase leading-[1.05] tracking-tight break-words sm:text-6xl"><span class="bg-gradient-to-r from-primary to-[#ff8a5c] bg-clip-text text-transparent">${escapeHtml(first)}</span>${escapeHtml(rest)}</h1><p class="mt-5 max-w-xl whitespace-pre-line text-base text-muted sm:text-lg">${escapeHtml(description)}</p></div></div></section>`;
  }
  // Inner pages: the heading band, its title as the page will show it once loaded.
  const title = metaOf(path)?.title;
  return `<div class="hero-backdrop relative overflow-hidden border-b border-border"><div class="relative mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16"><p class="text-3xl font-extrabold tracking-tight sm:text-5xl">${title ? escapeHtml(title) : '&nbsp;'}</p></div></div>`;
}
