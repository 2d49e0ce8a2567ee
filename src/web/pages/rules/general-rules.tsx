import CircleCheck from 'lucide-react/icons/circle-check';
import { islandApiPaths } from '../../../shared/api/island-paths';
import { generalRuleLines } from '../../../shared/site-defaults';
import { useT } from '../../i18n/i18n';
import { Island } from '../../islands/island';
import { usePolled } from '../../islands/use-polled';

export interface GeneralRulesProps {
  /** The organizer's rules (admin → Settings), one per line; empty for the defaults. */
  rules: string;
}

/** The rules every team plays by; an island, so an organizer's change shows within a poll. */
export function GeneralRules({ rules: initial }: GeneralRulesProps) {
  const t = useT();
  const site = usePolled<{ generalRules?: string } | null>(islandApiPaths.site, null);
  const rules = generalRuleLines(site?.generalRules ?? initial);
  return (
    <section aria-labelledby="general-rules-title">
      <h2 id="general-rules-title" className="text-2xl font-extrabold tracking-tight sm:text-3xl">
        {t('General Rules')}
      </h2>
      <ul className="mt-5 grid gap-3 sm:grid-cols-2">
        {rules.map((rule) => (
          <li key={rule} className="flex gap-3 rounded-xl border border-border bg-surface p-4 text-sm leading-relaxed">
            <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
            <span>{rule}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function GeneralRulesIsland(props: GeneralRulesProps) {
  return (
    <Island name="general-rules" props={props}>
      <GeneralRules {...props} />
    </Island>
  );
}
