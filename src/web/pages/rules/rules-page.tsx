import { useQuery } from '@tanstack/react-query';
import { JoinDiscordButton } from '../../components/layout/join-discord-button';
import { PageHeader } from '../../components/layout/page-header';
import { Skeleton } from '../../components/ui/skeleton';
import { paths } from '../../../shared/paths';
import { pageMeta } from '../../../shared/page-meta';
import { useT } from '../../i18n/i18n';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSite } from '../../lib/use-site';
import { activeTournamentQuery } from '../../queries/public';
import { ActiveTournamentIsland } from './active-tournament-card';
import { FaqIsland } from './faq';
import { GeneralRulesIsland } from './general-rules';

export function RulesPage() {
  const t = useT();
  usePageMeta(pageMeta[paths.rules]);
  // Read once here (the server inlines it); the island keeps it fresh, in the app as on the served page.
  const active = useQuery(activeTournamentQuery());
  // The organizer's own rules (admin → Settings); the defaults until they write them.
  const generalRules = useSite()?.generalRules ?? '';

  return (
    <>
      <PageHeader width="reading" eyebrow={t('Play fair, play hard')} title={t('Rules & FAQ')}>
        <p>{t('Everything you need to know before you queue up: the current tournament, the rules every team plays by, and answers to common questions.')}</p>
      </PageHeader>
      <div className="mx-auto grid max-w-5xl gap-12 px-4 py-10 sm:px-6 sm:py-14">
        {active.isPending ? <Skeleton className="h-64 rounded-2xl" /> : <ActiveTournamentIsland initial={active.data ?? null} />}

        <GeneralRulesIsland rules={generalRules} />

        <section aria-labelledby="faq" className="scroll-mt-24">
          <h2 id="faq" className="mb-5 scroll-mt-24 text-2xl font-extrabold tracking-tight sm:text-3xl">
            {t('Frequently Asked Questions')}
          </h2>
          <FaqIsland />
        </section>

        <section
          aria-labelledby="discord-title"
          className="flex flex-col items-start gap-4 rounded-2xl border border-[#5865f2]/40 bg-[#5865f2]/10 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8"
        >
          <div>
            <h2 id="discord-title" className="text-xl font-extrabold">
              {t('Still have questions?')}
            </h2>
            <p className="mt-1 text-sm text-muted">{t('Brackets, scheduling, match updates and admin support all happen on our Discord.')}</p>
          </div>
          <JoinDiscordButton size="lg" />
        </section>
      </div>
    </>
  );
}
