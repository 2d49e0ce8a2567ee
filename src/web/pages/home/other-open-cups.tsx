import type { OpenTournament } from '../../../shared/schemas/tournament';
import { OpenCupList } from '../../components/open-cups';
import { msg } from '../../../shared/i18n/msg';
import { useT } from '../../i18n/i18n';

export const otherOpenCupsTitle = msg('Also Open for Registration');

/** Below the featured cup: the other cups taking registrations now (several run at once). Nothing when there are none. */
export function OtherOpenCups({ cups, featuredId }: { cups: readonly OpenTournament[] | undefined; featuredId: string | undefined }) {
  const t = useT();
  const others = (cups ?? []).filter((cup) => cup.id !== featuredId);
  if (others.length === 0) return null;
  return (
    <section aria-labelledby="other-open-cups-title" className="mx-auto grid max-w-7xl gap-5 px-4 pt-4 sm:px-6" data-testid="other-open-cups">
      <h2 id="other-open-cups-title" className="text-2xl font-extrabold tracking-tight">
        {t(otherOpenCupsTitle)}
      </h2>
      <OpenCupList cups={others} labelledBy="other-open-cups-title" />
    </section>
  );
}
