import type { Page } from '@playwright/test';
import { acknowledgeDiscord, continueToPaymentStep, fillTeamInfo, payWithCard, registeredPageUrl, shot, uniqueTag } from '../support/register-e2e';
import { expectNoAxeViolations, horizontalOverflow } from './a11y-helpers';
import { createLiveTournament, expect, resetSite, test } from './fixtures';

// Where registration ends: the confirmation page with the receipt, the team link to copy or share
// (and why it must stay private), and what happens next; reloading keeps it. And "Your teams" in
// the header, once a browser has registered two teams.

const texts = {
  privateWarning: 'Keep this link private: whoever has it can manage your team, change its roster, withdraw it and erase its data.',
  notEmailed: 'You gave no e-mail address, so this link is not sent to you: copy it now and keep it.',
  checkIn: /^Check in on your team page between .+ and .+\. A team that does not check in does not play\.$/,
  bracket: 'The bracket appears on the Bracket page once the organizer draws it.',
};

/** Every address the browser asks for, with its Referer: the team link's key must be in none of them. */
function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => seen.push(`${request.url()} ${request.headers().referer ?? ''}`));
  return seen;
}

async function expectConfirmation(page: Page, { teamName, tournamentName }: { teamName: string; tournamentName: string }) {
  await expect(page).toHaveURL(registeredPageUrl);
  await expect(page).toHaveTitle(/^Registration Complete \|/);
  await expect(page.getByRole('heading', { level: 1, name: 'Registration Complete' })).toBeVisible();
  await expect(page.getByText(`${teamName} is registered for ${tournamentName}. Keep your team link: it is how you manage your team.`)).toBeVisible();
  const teamId = /\/register\/done\/([0-9a-f-]+)$/.exec(page.url())![1];
  const link = page.getByLabel('Team link');
  await expect(link).toHaveValue(new RegExp(`^${page.url().split('/register')[0]}/team/${teamId}\\?key=[A-Za-z0-9_-]{43}$`));
  await expect(page.getByTestId('team-link-warning')).toHaveText(texts.privateWarning);
  const next = page.getByTestId('whats-next').getByRole('listitem');
  await expect(next.nth(0)).toHaveText(texts.checkIn);
  await expect(next.nth(1)).toHaveText(new RegExp(`^${tournamentName} starts .+\\.$`));
  await expect(next.nth(2)).toHaveText(texts.bracket);
  await expect(next.nth(2).getByRole('link', { name: 'Bracket page' })).toHaveAttribute('href', '/bracket');
  return { teamId, link: await link.inputValue() };
}

for (const width of [390, 1280]) {
  test.describe(`the confirmation page at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a demo payment ends on the receipt, the team link to copy, the privacy warning and what happens next; a reload keeps it', async ({ page, site }) => {
      await resetSite(site);
      await createLiveTournament(site, { name: 'Receipt Cup', entryFee: '25', currency: 'USD' });
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
      // Share is offered where the browser has it: stood in here, to see what it is given.
      await page.addInitScript(() => {
        Object.defineProperty(navigator, 'share', {
          value: (data: ShareData) => {
            (window as unknown as { shared: ShareData[] }).shared = [...((window as unknown as { shared?: ShareData[] }).shared ?? []), data];
            return Promise.resolve();
          },
        });
      });
      const requests = recordRequests(page);
      await page.goto('/register');
      const tag = uniqueTag();
      const teamName = await fillTeamInfo(page, tag);
      await page.getByLabel('Captain Email (optional)').fill(`cap${tag}@example.org`);
      await continueToPaymentStep(page);
      await payWithCard(page, '4242 4242 4242 4242', '$25.00');

      const { teamId, link } = await expectConfirmation(page, { teamName, tournamentName: 'Receipt Cup' });
      const receipt = page.getByTestId('registration-receipt');
      await expect(receipt.locator('dt')).toHaveText(['Team', 'Tournament', 'Paid to', 'Amount paid', 'Currency', 'Payment reference', 'Date']);
      await expect(receipt).toContainText(`Team${teamName}`);
      await expect(receipt).toContainText('TournamentReceipt Cup');
      await expect(receipt).toContainText('Paid toNorthwind Esports Ltd');
      await expect(receipt).toContainText('Amount paid$25.00');
      await expect(receipt).toContainText('CurrencyUSD');
      await expect(receipt).toContainText(/Payment reference\S+/);
      await expect(page.getByTestId('team-link-mail')).toHaveText(`We also sent it to cap${tag}@example.org.`);
      await shot(page, `registered-paid-${width}`);
      await page.getByTestId('toast').getByRole('button', { name: 'Close notification' }).click();
      await expectNoAxeViolations(page, `/register/done/{id} paid at ${width} px`);
      expect(await horizontalOverflow(page)).toBe(0);

      await page.getByRole('button', { name: 'Copy Link' }).click();
      await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
      await expect(page.getByTestId('toast')).toContainText('Link Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await page.getByRole('button', { name: 'Share' }).click();
      expect(await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared)).toEqual([{ title: `${teamName}: Your team link`, url: link }]);

      await page.reload();
      await expectConfirmation(page, { teamName, tournamentName: 'Receipt Cup' });
      await expect(page.getByLabel('Team link')).toHaveValue(link);
      await expect(receipt).toContainText('Amount paid$25.00');

      // The key never left the browser in an address or a Referer.
      const key = new URL(link).searchParams.get('key')!;
      expect(requests.filter((line) => line.includes(key) || line.includes(encodeURIComponent(key)))).toEqual([]);

      await page.getByRole('link', { name: 'Open Team Page' }).click();
      await expect(page).toHaveURL(new RegExp(`/team/${teamId}$`));
      await expect(page.getByTestId('team-status')).toHaveText('Paid');
    });

    test('a free registration ends on the same page: Free, no payment reference, and a warning when no e-mail was given', async ({ page, site }) => {
      await resetSite(site);
      await createLiveTournament(site, { name: 'Free Friday', entryFee: '0' });
      await page.goto('/register');
      const teamName = await fillTeamInfo(page, uniqueTag());
      await page.getByRole('button', { name: 'Continue to Payment' }).click();
      await acknowledgeDiscord(page);
      await page.getByRole('button', { name: 'Complete Registration' }).click();

      await expectConfirmation(page, { teamName, tournamentName: 'Free Friday' });
      await expect(page.getByTestId('toast')).toContainText('Registration Complete!');
      const receipt = page.getByTestId('registration-receipt');
      await expect(receipt.locator('dt')).toHaveText(['Team', 'Tournament', 'Entry fee', 'Date']);
      await expect(receipt).toContainText('Entry feeFree');
      await expect(page.getByTestId('team-link-mail')).toHaveText(texts.notEmailed);
      await shot(page, `registered-free-${width}`);

      await page.reload();
      await expectConfirmation(page, { teamName, tournamentName: 'Free Friday' });
      await expect(receipt).toContainText('Entry feeFree');
    });

    test('"Your teams" lists both teams this browser registered, and leads to each', async ({ page, site }) => {
      await resetSite(site);
      await createLiveTournament(site, { name: 'Double Cup', entryFee: '0' });
      const names: string[] = [];
      for (let i = 0; i < 2; i++) {
        await page.goto('/register');
        names.push(await fillTeamInfo(page, uniqueTag()));
        await page.getByRole('button', { name: 'Continue to Payment' }).click();
        await acknowledgeDiscord(page);
        await page.getByRole('button', { name: 'Complete Registration' }).click();
        await expect(page).toHaveURL(registeredPageUrl);
      }
      await page.goto('/');
      const main = page.getByRole('navigation', { name: width < 1024 ? 'Mobile' : 'Main' });
      if (width < 1024) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        const yours = main.getByRole('group', { name: 'Your teams' });
        // The latest first, each with its tournament.
        await expect(yours.getByRole('link')).toHaveText([`${names[1]}Double Cup`, `${names[0]}Double Cup`]);
        await shot(page, `your-teams-${width}`);
        await yours.getByRole('link', { name: names[0] }).click();
      } else {
        await expect(main.getByRole('link', { name: 'Your team', exact: true })).toHaveCount(0);
        await main.getByRole('button', { name: 'Your teams' }).click();
        const menu = page.getByRole('menu');
        await expect(menu.getByRole('menuitem')).toHaveText([`${names[1]}Double Cup`, `${names[0]}Double Cup`]);
        await shot(page, `your-teams-${width}`);
        await expectNoAxeViolations(page, `"Your teams" open at ${width} px`);
        await menu.getByRole('menuitem', { name: names[0] }).click();
      }
      await expect(page.getByRole('heading', { level: 1, name: names[0] })).toBeVisible();
    });
  });
}
