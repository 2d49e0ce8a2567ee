import Check from 'lucide-react/icons/check';
import Code from 'lucide-react/icons/code';
import Copy from 'lucide-react/icons/copy';
import { useEffect, useId, useState } from 'react';
import { embedPath, type EmbedKind } from '../../../shared/paths';
import { Button } from '../../components/ui/button';
import { useT } from '../../i18n/i18n';
import { Island } from '../../islands/island';

/** The `<iframe>` a streamer or a community site pastes to show this cup's bracket or standings, live; its title in the page's language. */
export const embedCodeOf = (origin: string, slug: string, kind: EmbedKind, theme: 'dark' | 'light', title = kind === 'bracket' ? 'Bracket' : 'Standings') =>
  `<iframe src="${origin}${embedPath(slug, kind)}?theme=${theme}" title="${title.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}" width="100%" height="${kind === 'bracket' ? 520 : 420}" style="border:0;background:transparent" allowtransparency="true" loading="lazy"></iframe>`;

function CodeBox({ label, code }: { label: string; code: string }) {
  const t = useT();
  const id = useId();
  const [copied, setCopied] = useState(false);
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      <textarea
        id={id}
        readOnly
        value={code}
        rows={4}
        className="w-full resize-none rounded-lg border border-border bg-surface-2 p-3 font-mono text-xs text-foreground"
        onFocus={(event) => event.currentTarget.select()}
      />
      <div>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(code).then(() => setCopied(true));
          }}
        >
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? t('Copied') : t('Copy code')}
        </Button>
        <span role="status" className="sr-only">
          {copied ? t('{label} copied', { label }) : ''}
        </span>
      </div>
    </div>
  );
}

export function EmbedCode({ slug, hasBracket }: { slug: string; hasBracket: boolean }) {
  const t = useT();
  // The site's own address, known in the browser (the server renders the section, and the browser fills in the code).
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  if (!hasBracket) return null;
  return (
    <section aria-labelledby="embed-title" className="rounded-2xl border border-border bg-surface p-5 sm:p-7">
      <h2 id="embed-title" className="flex items-center gap-2 text-2xl font-extrabold tracking-tight">
        <Code aria-hidden className="size-6 text-accent" />
        {t('Embed on Your Site or Stream')}
      </h2>
      <p className="mt-2 text-sm text-muted">
        {t('The bracket or standings alone, updating live, on a transparent background. Use theme=light on a light page.')}
      </p>
      {origin && (
        <div className="mt-4 grid gap-5 lg:grid-cols-2">
          <CodeBox label={t('Bracket embed code')} code={embedCodeOf(origin, slug, 'bracket', 'dark', t('Bracket'))} />
          <CodeBox label={t('Standings embed code')} code={embedCodeOf(origin, slug, 'standings', 'dark', t('Standings'))} />
        </div>
      )}
    </section>
  );
}

/** The embed codes as an island (src/web/islands): the browser fills in the site's address, and Copy works. */
export function EmbedCodeIsland(props: { slug: string; hasBracket: boolean }) {
  return (
    <Island name="embed-code" props={props}>
      <EmbedCode {...props} />
    </Island>
  );
}
