import { Trophy } from 'lucide-react';
import type { TeamPageData } from '../../../shared/schemas/team-page';
import { fromMinorUnits } from '../../../shared/money';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useT } from '../../i18n/i18n';
import { useFormats } from '../../i18n/use-formats';
import { cupStandingText, cupTexts } from './team-texts';

/** Where the cup is for this team: registered, checked in, playing, out or placed; or the cup cancelled. */
export function CupCard({ team }: { team: TeamPageData }) {
  const t = useT();
  const formats = useFormats();
  const standing = cupStandingText(team, t, (minor, currency) => formats.money(fromMinorUnits(minor), currency));
  if (!standing) return null;
  return (
    <Card data-testid="cup-standing">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <Trophy aria-hidden className="size-5 text-primary" />
          {t(cupTexts.title)}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1">
        <p className="text-lg font-bold" data-testid="cup-standing-title">
          {standing.title}
        </p>
        <p className="text-sm text-muted">{standing.detail}</p>
      </CardContent>
    </Card>
  );
}
