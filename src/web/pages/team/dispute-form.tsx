import { ImagePlus, Loader2, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { captainDisputeSchema, evidenceLimit, type MatchDetail } from '../../../shared/schemas/match';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
import { useT } from '../../i18n/i18n';
import { uploadEvidence, useDisputeReport } from '../../queries/matches';
import { ActionError, refusalText } from './action-error';
import { focusInMatchCard } from './focus-in-card';
import { yourMatchTexts } from './your-match-texts';

/** The logo upload's limit: screenshots go through the same endpoint. */
const MAX_SCREENSHOT_BYTES = 5 * 1024 * 1024;

interface Screenshot {
  url: string;
  name: string;
}

/**
 * Disputing the opponent's report: a reason (required) and up to 4 screenshots, each uploaded as
 * soon as chosen through the logo upload (sniffed and re-encoded: images only), each removable.
 */
export function DisputeForm({ match, teamId, teamKey, onCancel }: { match: MatchDetail; teamId: string; teamKey: string; onCancel: () => void }) {
  const t = useT();
  const dispute = useDisputeReport(teamId, teamKey, match.id);
  const [reason, setReason] = useState('');
  const [screenshots, setScreenshots] = useState<Screenshot[]>([]);
  const [errors, setErrors] = useState<{ reason?: string; evidence?: string }>({});
  const [uploading, setUploading] = useState(false);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => reasonRef.current?.focus(), []);

  const add = async (input: HTMLInputElement) => {
    const chosen = [...(input.files ?? [])];
    input.value = '';
    if (chosen.length === 0) return;
    if (screenshots.length + chosen.length > evidenceLimit) return setErrors((e) => ({ ...e, evidence: t(yourMatchTexts.tooMany, { limit: evidenceLimit }) }));
    if (chosen.some((file) => !file.type.startsWith('image/'))) return setErrors((e) => ({ ...e, evidence: t(yourMatchTexts.notAnImage) }));
    if (chosen.some((file) => file.size > MAX_SCREENSHOT_BYTES)) return setErrors((e) => ({ ...e, evidence: t(yourMatchTexts.tooLarge) }));
    setErrors((e) => ({ ...e, evidence: undefined }));
    setUploading(true);
    try {
      for (const file of chosen) {
        const url = await uploadEvidence(file);
        setScreenshots((current) => [...current, { url, name: file.name }]);
      }
    } catch (error) {
      setErrors((e) => ({ ...e, evidence: t(refusalText(error, yourMatchTexts.uploadFailed)) }));
    } finally {
      setUploading(false);
    }
  };

  const send = () => {
    const parsed = captainDisputeSchema.safeParse({ reason, evidence: screenshots.map((shot) => shot.url) });
    if (!parsed.success) {
      const found: { reason?: string; evidence?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'reason' ? 'reason' : 'evidence';
        found[field] ??= t(issue.message);
      }
      setErrors(found);
      if (found.reason) reasonRef.current?.focus();
      return;
    }
    setErrors({});
    dispute.mutate(parsed.data, { onSuccess: () => focusInMatchCard('[data-testid="report-status"]') });
  };

  return (
    <form
      className="grid gap-3 rounded-md border border-border p-3"
      noValidate
      aria-labelledby="dispute-title"
      data-testid="dispute-form"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <h4 id="dispute-title" className="font-bold">
        {t(yourMatchTexts.disputeTitle)}
      </h4>
      <FormField label={t(yourMatchTexts.reason)} hint={t(yourMatchTexts.reasonHint)} error={errors.reason ? { message: errors.reason } : undefined}>
        <Textarea ref={reasonRef} value={reason} maxLength={1000} rows={3} aria-required onChange={(event) => setReason(event.target.value)} />
      </FormField>
      <FormField label={t(yourMatchTexts.screenshots, { limit: evidenceLimit })} hint={t(yourMatchTexts.screenshotsHint)} error={errors.evidence ? { message: errors.evidence } : undefined}>
        {(control) => (
          <div className="grid gap-2">
            {screenshots.length < evidenceLimit && (
              <div className="flex items-center gap-2">
                <ImagePlus aria-hidden className="size-5 shrink-0 text-muted" />
                <Input
                  {...control}
                  type="file"
                  accept="image/*"
                  multiple
                  disabled={uploading}
                  className="h-auto min-w-0 cursor-pointer py-2 file:mr-3 file:rounded file:border-0 file:bg-surface-2 file:px-3 file:py-1 file:text-sm file:font-semibold file:text-foreground"
                  onChange={(event) => void add(event.target)}
                />
              </div>
            )}
            {uploading && (
              <p role="status" className="flex items-center gap-2 text-sm text-muted">
                <Loader2 aria-hidden className="size-4 animate-spin" />
                {t(yourMatchTexts.uploading)}
              </p>
            )}
            {screenshots.length > 0 && (
              <ul className="flex flex-wrap gap-2" data-testid="dispute-screenshots">
                {screenshots.map((shot, index) => (
                  <li key={shot.url} className="relative">
                    <img src={shot.url} alt={t(yourMatchTexts.screenshotAlt, { number: index + 1 })} className="size-20 rounded-md border border-border object-cover" />
                    <Button
                      type="button"
                      variant="secondary"
                      size="icon"
                      className="absolute -right-2 -top-2 size-7 rounded-full"
                      aria-label={t(yourMatchTexts.removeScreenshot, { number: index + 1 })}
                      onClick={() => setScreenshots((current) => current.filter((other) => other.url !== shot.url))}
                    >
                      <X aria-hidden />
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </FormField>
      <ActionError error={dispute.error} fallback={yourMatchTexts.disputeFailed} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={dispute.isPending || uploading}>
          {dispute.isPending && <Loader2 aria-hidden className="animate-spin" />}
          {t(yourMatchTexts.sendDispute)}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {t(yourMatchTexts.cancelDispute)}
        </Button>
      </div>
    </form>
  );
}
