import { ImageUp, X } from 'lucide-react';
import type { RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/input';
import { useT } from '../../../i18n/i18n';

/** The champion's team logo: a preview, the button that opens the Uppy uploader, and a way to take it off. */
export function LogoField({
  value,
  onUpload,
  onClear,
  uploadButtonRef,
}: {
  value: string;
  onUpload: () => void;
  onClear: () => void;
  uploadButtonRef?: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  return (
    <div className="grid gap-1.5">
      <Label>{t('Team Logo (optional)')}</Label>
      <div className="flex items-center gap-3">
        {value ? (
          <img src={value} alt={t('Team logo preview')} className="h-16 w-16 rounded-lg border border-border object-cover" data-testid="logo-preview" />
        ) : (
          <span className="flex h-16 w-16 items-center justify-center rounded-lg border border-dashed border-border text-xs text-muted">{t('No logo')}</span>
        )}
        <div className="flex flex-wrap gap-2">
          <Button ref={uploadButtonRef} type="button" variant="outline" size="sm" onClick={onUpload}>
            <ImageUp aria-hidden />
            {value ? t('Replace Logo') : t('Upload Logo')}
          </Button>
          {value && (
            <Button type="button" variant="ghost" size="sm" onClick={onClear}>
              <X aria-hidden />
              {t('Remove')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
