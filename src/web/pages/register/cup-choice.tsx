import { msg } from '../../../shared/i18n/msg';
import type { OpenTournament } from '../../../shared/schemas/tournament';
import { OpenCupList } from '../../components/open-cups';
import { PageHeader } from '../../components/layout/page-header';
import { useT } from '../../i18n/i18n';

export const cupChoiceTexts = {
  title: msg('Choose a Tournament'),
  lead: msg('Several tournaments are open for registration. Choose the one your team is registering for.'),
  listHeading: msg('Open tournaments'),
} as const;

/** /register when several cups take registrations: one click per cup, with its date, fee and spots left. */
export function CupChoice({ cups }: { cups: readonly OpenTournament[] }) {
  const t = useT();
  return (
    <>
      <PageHeader title={t(cupChoiceTexts.title)} width="reading">
        {t(cupChoiceTexts.lead)}
      </PageHeader>
      <section className="mx-auto max-w-5xl px-4 py-10 sm:px-6" data-testid="cup-choice">
        <h2 id="cup-choice-title" className="sr-only">
          {t(cupChoiceTexts.listHeading)}
        </h2>
        <OpenCupList cups={cups} labelledBy="cup-choice-title" />
      </section>
    </>
  );
}
