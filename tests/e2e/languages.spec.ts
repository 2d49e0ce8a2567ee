import type { Page } from '@playwright/test';
import { readMail } from '../support/mime';
import { startSmtpCatcher, type SmtpCatcher } from '../support/smtp-catcher';
import { tinyPng, uniqueTag, registeredPageUrl } from '../support/register-e2e';
import { expectNoAxeViolations, horizontalOverflow, publicPages, seedEveryState, widestElements } from './a11y-helpers';
import { signInQuickly } from './admin-helpers';
import { createLiveTournament, expect, resetSite, test as base } from './fixtures';

// A captain's mail is checked as it arrives: this file's site sends it to a local SMTP server.
const test = base.extend<object, { smtp: SmtpCatcher }>({
  smtp: [
    async ({}, use) => {
      const smtp = await startSmtpCatcher();
      await use(smtp);
      await smtp.close();
    },
    { scope: 'worker' },
  ],
  ownSite: ['languages', { scope: 'worker' }],
  siteEnv: [async ({ smtp }, use) => use({ SMTP_URL: smtp.url }), { scope: 'worker' }],
});

/** The wizard's step 1 in Spanish, as a captain fills it. */
async function fillTeamInfoInSpanish(page: Page, tag: string, email: string) {
  await page.getByLabel('Nombre del equipo', { exact: true }).fill(`Equipo ${tag}`);
  await page.getByLabel('Riot ID del capitán', { exact: true }).fill(`Cap${tag}#LAS`);
  await page.getByLabel('Nombre de usuario de Discord', { exact: true }).fill(`cap${tag}`);
  await page.getByLabel('Correo del capitán (opcional)', { exact: true }).fill(email);
  for (const n of [2, 3, 4, 5]) await page.getByLabel(`Riot ID del jugador ${n}`, { exact: true }).fill(`P${n}x${tag}#LAS`);
  await page.getByLabel('Acepto los Términos del servicio, las reglas y la Política de reembolsos').check();
  await page.getByLabel('Todos los jugadores de esta plantilla tienen al menos 13 años', { exact: false }).check();
}

test.describe('a visitor with a Spanish browser', () => {
  test.use({ locale: 'es-ES' });

  test('gets the home page and the wizard in Spanish, and pays', async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site, { name: 'Copa Primavera', prizePool: '5000', entryFee: '25', currency: 'USD', maxTeams: 8 });
    // Money in the reader's forms: 25,00 US$ in Spanish.
    const fee = new Intl.NumberFormat('es', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 }).format(25);

    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Salón de la fama' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /Inscribir equipo/ }).first()).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Idioma' }).getByRole('link', { name: 'Español' })).toHaveAttribute('aria-current', 'true');
    // The same address in each language, for search engines.
    await expect(page.locator('link[rel="alternate"][hreflang="pt-BR"]')).toHaveAttribute('href', `${site.url}/?lang=pt-BR`);

    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Inscripción de equipos' })).toBeVisible();
    // The wizard is an island: once live, its forms' messages (the schemas' catalog) are still in Spanish.
    await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');
    await expect(page.getByText('Acepta los Términos del servicio, las reglas y la Política de reembolso para continuar')).toBeVisible();
    const progress = page.getByRole('navigation', { name: 'Progreso de la inscripción' });
    await expect(progress.getByRole('listitem')).toHaveText([/Datos del equipo/, /Discord/, /Pago/]);
    const tag = uniqueTag();
    await fillTeamInfoInSpanish(page, tag, `capitan${tag}@example.com`);
    await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: tinyPng });
    await page.getByRole('button', { name: 'Continuar al pago' }).click();

    await page.context().route('https://discord.gg/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Discord</title>' }));
    const popup = page.waitForEvent('popup');
    await page.getByRole('link', { name: /Unirse a nuestro servidor de Discord/ }).click();
    await (await popup).close();
    await expect(page.getByText('¡Genial! Ya puedes continuar al pago')).toBeVisible();
    await page.getByRole('button', { name: 'Continuar al pago' }).click();

    await expect(page.getByRole('heading', { name: 'Completa tu inscripción' })).toBeVisible();
    await expect(page.getByTestId('entry-fee')).toHaveText(fee);
    await expectNoAxeViolations(page, 'the payment step in Spanish');
    await page.getByLabel('Número de tarjeta').fill('4242 4242 4242 4242');
    await page.getByLabel('Vencimiento (MM / AA)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: `Completar inscripción - ${fee}` }).click();

    await expect(page).toHaveURL(registeredPageUrl);
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Pago realizado');
    await expect(toast).toContainText('¡Tu equipo se inscribió correctamente!');
  });
});

test.describe('a Brazilian captain', () => {
  test.use({ locale: 'pt-BR' });

  test('registers in Portuguese and gets their mail in Portuguese', async ({ page, site, smtp }) => {
    await resetSite(site);
    await createLiveTournament(site, { name: 'Copa Brasil', entryFee: '25', currency: 'USD' });
    const tag = uniqueTag();
    const email = `capitao${tag}@example.com`;
    await page.goto('/register');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1, name: 'Inscrição de equipes' })).toBeVisible();
    await page.getByLabel('Nome da equipe', { exact: true }).fill(`Equipe ${tag}`);
    await page.getByLabel('Riot ID do capitão', { exact: true }).fill(`Cap${tag}#BR1`);
    await page.getByLabel('Nome de usuário do Discord', { exact: true }).fill(`cap${tag}`);
    await page.getByLabel('E-mail do capitão (opcional)', { exact: true }).fill(email);
    for (const n of [2, 3, 4, 5]) await page.getByLabel(`Riot ID do jogador ${n}`, { exact: true }).fill(`P${n}x${tag}#BR1`);
    await page.getByLabel('Aceito os Termos de serviço, as regras e a Política de reembolso').check();
    await page.getByLabel('Todos os jogadores deste elenco têm pelo menos 13 anos', { exact: false }).check();
    await page.getByRole('button', { name: 'Continuar para o pagamento' }).click();
    await expect(page.getByRole('link', { name: /Entrar no nosso servidor do Discord/ })).toBeVisible();

    // The registration mail, in the language the captain registered in.
    await expect.poll(() => smtp.received.filter((mail) => mail.to.includes(email)).length, { timeout: 30_000 }).toBeGreaterThan(0);
    const mail = readMail(smtp.received.find((received) => received.to.includes(email))!.data);
    expect(mail.subject).toBe(`Inscrição recebida: Equipe ${tag} em Copa Brasil`);
    expect(mail.html).toContain('lang="pt-BR"');
    expect(mail.text).toContain('Gerenciar sua equipe');
  });
});

test.describe('the language switch', () => {
  test('is in the footer, and the choice stays across pages and reloads', async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const switcher = page.getByRole('navigation', { name: 'Language' });
    await expect(switcher.getByRole('link', { name: 'English' })).toHaveAttribute('aria-current', 'true');
    await switcher.getByRole('link', { name: 'Português (Brasil)' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('navigation', { name: 'Idioma' }).getByRole('link', { name: 'Português (Brasil)' })).toHaveAttribute('aria-current', 'true');

    // Another page, by a link and by its address: still Portuguese (the cookie), the address unchanged.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Regras e formato' }).click();
    await expect(page).toHaveURL(/\/rules$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await page.goto('/hall-of-fame');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
    await expect(page.getByRole('heading', { level: 1, name: 'Hall da Fama' })).toBeVisible();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');

    await page.getByRole('navigation', { name: 'Idioma' }).getByRole('link', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Hall of Fame' })).toBeVisible();
  });
});

test.describe('every language', () => {
  for (const locale of ['en', 'es', 'pt-BR'] as const) {
    test(`is axe clean on the home page, the wizard and the rules in ${locale}`, async ({ page, site }) => {
      await resetSite(site);
      await createLiveTournament(site);
      for (const path of ['/', '/register', '/rules']) {
        await page.goto(`${path}?lang=${locale}`);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page, `${path} in ${locale}`);
      }
    });
  }
});

/** Buttons whose text is cut (wider than the button) or that reach past the screen's edge. */
async function clippedButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll<HTMLElement>('button, [role="button"], a[class*="inline-flex"]')]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
      .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > width + 0.5)
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" ${el.scrollWidth}/${el.clientWidth}`);
  });
}

test.describe('the pseudo-locale (every text 40 % longer)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('fits every public page and admin tab at 390 px: no sideways scroll, no clipped button', async ({ page, site, baseURL }) => {
    test.setTimeout(180_000);
    const tournament = await seedEveryState(site);
    await page.context().addCookies([{ name: 'lang', value: 'en-XA', url: baseURL! }]);
    const { slug } = tournament as typeof tournament & { slug: string };
    for (const path of [...publicPages, '/tournaments', `/tournaments/${slug}`]) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-XA');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      // The page is in the pseudo-locale indeed: its texts carry the filler's words.
      await expect(page.getByRole('main')).toContainText('ŀö');
      expect(await horizontalOverflow(page), `sideways scroll on ${path}: ${(await widestElements(page)).join(' | ')}`).toBeLessThanOrEqual(0);
      expect(await clippedButtons(page), `clipped buttons on ${path}`).toEqual([]);
    }
    await signInQuickly(page, baseURL!);
    await page.goto('/admin');
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    const count = await tabs.count();
    expect(count, "admin tabs").toBeGreaterThan(5);
    for (let index = 0; index < count; index++) {
      await tabs.nth(index).click();
      await expect(tabs.nth(index)).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel').locator('.animate-pulse')).toHaveCount(0);
      await expect(page.getByRole('tabpanel')).toContainText('ŀö');
      const name = (await tabs.nth(index).textContent()) ?? String(index);
      expect(await horizontalOverflow(page), `sideways scroll on the admin tab ${name}: ${(await widestElements(page)).join(' | ')}`).toBeLessThanOrEqual(0);
      expect(await clippedButtons(page), `clipped buttons on the admin tab ${name}`).toEqual([]);
    }
  });
});

test.describe('a content page in Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('hydrates its islands in Spanish without a warning, its texts fetched as data, only its own', async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site);
    const messages: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') messages.push(`${page.url()}: ${message.text()}`);
    });
    const catalogs: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.json') && new URL(request.url()).pathname.startsWith('/assets/')) catalogs.push(new URL(request.url()).pathname);
    });
    // The header as the server wrote it: hydrating adopts it, its text stays the server's Spanish.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const header = document.querySelector('header');
        if (header && document.querySelector('footer')) {
          Object.assign(window, { served: { header, text: header.textContent } });
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    for (const path of ['/', '/rules', '/contact']) {
      catalogs.length = 0;
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-islands', 'live');
      expect(
        await page.evaluate(() => {
          const { served } = window as unknown as { served: { header: Element; text: string } };
          return document.querySelector('header') === served.header && served.header.textContent === served.text;
        }),
        path,
      ).toBe(true);
      await expect(page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Torneos' })).toBeVisible();
      // Its language's common texts and its own, nothing of the admin's or the wizard's.
      const names = catalogs.map((file) => file.replace(/^\/assets\/|-[\w-]{8}\.json$/g, ''));
      expect(names, path).toEqual(expect.arrayContaining(['common', 'shared']));
      expect(names.filter((name) => ['admin', 'register', 'team', 'server', 'page-meta'].includes(name)), path).toEqual([]);
    }
    // The countdown, an island, in Spanish once live.
    await page.goto('/');
    await expect(page.getByTestId('countdown')).toContainText('Días');
    expect(messages).toEqual([]);
  });
});

test.describe('a visitor in Madrid, the organizer in São Paulo', () => {
  test.use({ timezoneId: 'Europe/Madrid', locale: 'es-ES' });

  test('sees the start in their own zone and in the organizer’s', async ({ page, site }) => {
    await resetSite(site);
    await createLiveTournament(site, { tournamentDate: '2031-03-08T21:00:00.000Z', registrationCloses: '2031-03-01T21:00:00.000Z' });
    const settings = (await (await site.adminApi.get('/api/admin/settings')).json()) as { values: Record<string, unknown> };
    const saved = await site.adminApi.put('/api/admin/settings', { data: { ...settings.values, timeZone: 'America/Sao_Paulo' } });
    expect(saved.ok(), await saved.text()).toBe(true);
    try {
      await page.goto('/');
      // 21:00 UTC is 22:00 in Madrid (CET) and 18:00 in São Paulo.
      await expect(page.getByTestId('start-time')).toContainText('22:00');
      await expect(page.getByTestId('organizer-start-time')).toContainText('Hora del organizador:');
      await expect(page.getByTestId('organizer-start-time')).toContainText('18:00');
    } finally {
      await site.adminApi.put('/api/admin/settings', { data: { ...settings.values, timeZone: 'UTC' } });
    }
  });
});
