import { CalendarClock, CheckCircle2, ExternalLink, Headphones, Info, Loader2, Megaphone, ShieldQuestion, Trophy } from 'lucide-react';
import { DiscordIcon } from '../../components/layout/brand-icons';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

const reasons = [
  { icon: Trophy, text: 'Tournament brackets are posted there' },
  { icon: CalendarClock, text: 'Match scheduling with your opponents' },
  { icon: Megaphone, text: 'Important updates and announcements' },
  { icon: ShieldQuestion, text: 'Direct contact with tournament admins' },
  { icon: Headphones, text: 'Community support from other players' },
];

/** Step 2: the captain opens the Discord invite (new tab) before going on to payment. */
export function DiscordStep({
  inviteUrl,
  isAcknowledged,
  onAcknowledge,
  onBack,
  onContinue,
  isPending,
  continueLabel,
}: {
  inviteUrl: string | undefined;
  isAcknowledged: boolean;
  onAcknowledge: () => void;
  onBack: () => void;
  onContinue: () => void;
  isPending: boolean;
  continueLabel: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-xl">
          <DiscordIcon aria-hidden className="size-5 text-[#8c95ff]" />
          Join Discord Community
        </CardTitle>
        <CardDescription>Everything about the tournament happens in our Discord server, so every captain needs to be there:</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <ul className="grid gap-3">
          {reasons.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-center gap-3 text-sm">
              <span className="grid size-8 shrink-0 place-items-center rounded-md bg-surface-2 text-accent">
                <Icon aria-hidden className="size-4" />
              </span>
              {text}
            </li>
          ))}
        </ul>

        <Button asChild size="lg" className="w-full bg-[#5865f2] text-white hover:bg-[#4752c4] sm:w-auto sm:justify-self-start">
          <a href={inviteUrl} target="_blank" rel="noopener noreferrer" onClick={onAcknowledge}>
            <DiscordIcon aria-hidden />
            Join Our Discord Server
            <ExternalLink aria-hidden />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>

        <p
          role="status"
          className={
            isAcknowledged
              ? 'flex items-center gap-2 rounded-md border border-success/50 bg-success/10 px-3 py-2 text-sm font-medium text-green-300'
              : 'flex items-center gap-2 rounded-md border border-border bg-surface-2 px-3 py-2 text-sm text-muted'
          }
        >
          {isAcknowledged ? <CheckCircle2 aria-hidden className="size-4 shrink-0" /> : <Info aria-hidden className="size-4 shrink-0" />}
          {isAcknowledged ? 'Great! You can now continue to payment' : 'Click the Discord link above to continue to payment'}
        </p>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button type="button" variant="outline" onClick={onBack}>
            Back to Team Info
          </Button>
          <Button type="button" size="lg" disabled={!isAcknowledged || isPending} onClick={onContinue}>
            {isPending ? (
              <>
                <Loader2 aria-hidden className="animate-spin" />
                Preparing Payment...
              </>
            ) : (
              continueLabel
            )}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
