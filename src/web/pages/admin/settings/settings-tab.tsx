import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { defaultMapPool } from '../../../../shared/schemas/match';
import { MapPoolTextarea, mapPoolErrorOf } from '../shared/map-pool-field';
import type { z } from 'zod';
import { siteSettingsInputSchema, type AdminSiteSettings, type SettingsChecklistItem, type SiteSettingsInput } from '../../../../shared/schemas/site';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/select';
import { localeNames, locales } from '../../../../shared/i18n/locales';
import { defaultTimeZone, timeZoneNames } from '../../../../shared/time-zones';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/use-toast';
import { siteSettingsQuery, useSaveSiteSettings } from './queries';
import { showServerIssues } from '../shared/server-issues';
import { needsSecondFactor } from '../../../api';
import { msg } from '../../../../shared/i18n/msg';
import { useT } from '../../../i18n/i18n';

type FormValues = z.input<typeof siteSettingsInputSchema>;

/** English (msg), shown through t(). */
const checklistLabels: Record<SettingsChecklistItem, string> = {
  discordInviteUrl: msg('Discord invite URL'),
  supportEmail: msg('Support e-mail'),
  socialLinks: msg('Social links (YouTube, Twitch, TikTok)'),
  organizerName: msg("Organizer's name (privacy policy)"),
  organizerContact: msg("Organizer's contact (privacy policy)"),
};

const fieldNames = ['siteName', 'discordInviteUrl', 'supportEmail', 'socialLinks', 'generalRules', 'organizerName', 'organizerContact', 'mapPool', 'defaultLanguage', 'timeZone'];

/** The site settings: what captains see and where they are sent, edited here instead of in the environment. */
export function SettingsTab() {
  const settings = useQuery(siteSettingsQuery());
  if (!settings.data) return <Skeleton className="h-96 rounded-2xl" />;
  return (
    <div className="grid gap-6">
      <Checklist unset={settings.data.unset} />
      <SettingsForm settings={settings.data} />
    </div>
  );
}

function Checklist({ unset }: { unset: SettingsChecklistItem[] }) {
  const t = useT();
  return (
    <Card data-testid="settings-checklist">
      <CardHeader>
        <h2 className="text-lg font-bold">{t('Before you open registration')}</h2>
        <CardDescription>
          {unset.length ? t('These still show placeholders to captains:') : t('Everything captains rely on is set.')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {unset.length ? (
          <ul className="grid gap-2 text-sm">
            {unset.map((item) => (
              <li key={item} className="flex items-center gap-2">
                <CircleAlert className="size-4 shrink-0 text-warning" aria-hidden />
                {t(checklistLabels[item])}
              </li>
            ))}
          </ul>
        ) : (
          <p className="flex items-center gap-2 text-sm">
            <CircleCheck className="size-4 text-success" aria-hidden />
            {t('All set.')}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function SettingsForm({ settings }: { settings: AdminSiteSettings }) {
  const t = useT();
  const save = useSaveSiteSettings();
  const form = useForm<FormValues, unknown, SiteSettingsInput>({
    resolver: zodResolver(siteSettingsInputSchema),
    defaultValues: {
      ...settings.values,
      organizerName: settings.values.organizerName ?? '',
      organizerContact: settings.values.organizerContact ?? '',
      mapPool: settings.values.mapPool ?? [...defaultMapPool],
      defaultLanguage: settings.values.defaultLanguage ?? 'en',
      timeZone: settings.values.timeZone ?? defaultTimeZone,
    },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => toast({ title: t('Settings Saved'), description: t('Every page shows the new settings.'), variant: 'success' }),
      onError: (error) => {
        // A new support address or organizer contact needs a fresh code: the code prompt asked for it and was closed (SecondFactorPrompt).
        if (needsSecondFactor(error)) return;
        showServerIssues(error, form.setError, fieldNames);
        toast({ title: t('Error'), description: t('Failed to save the settings. Please try again.'), variant: 'destructive' });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-bold">{t('Site Settings')}</h2>
        <CardDescription>{t('Shown on every page. The environment variables only gave the first values.')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t('Site name')} error={errors.siteName}>
              <Input {...form.register('siteName')} />
            </FormField>
            <FormField label={t('Support e-mail')} error={errors.supportEmail}>
              <Input type="email" autoComplete="off" {...form.register('supportEmail')} />
            </FormField>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              label={t('Default language')}
              error={errors.defaultLanguage}
              hint={t("For visitors whose browser asks for none of the site's languages, and for Discord posts. Visitors can switch in the footer.")}
            >
              <NativeSelect {...form.register('defaultLanguage')}>
                {locales.map((locale) => (
                  <option key={locale} value={locale} lang={locale}>
                    {localeNames[locale]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label={t("Organizer's time zone")} error={errors.timeZone} hint={t("Tournament times are shown in it beside each visitor's own.")}>
              <NativeSelect {...form.register('timeZone')}>
                {timeZoneNames().map((zone) => (
                  <option key={zone} value={zone}>
                    {zone}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          <FormField label={t('Discord invite URL')} error={errors.discordInviteUrl} hint={t('Captains join it on the second step of registration, before paying.')}>
            <Input type="url" placeholder={t('https://discord.gg/your-invite')} {...form.register('discordInviteUrl')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label={t('YouTube link (optional)')} error={errors.socialLinks?.youtube}>
              <Input type="url" {...form.register('socialLinks.youtube')} />
            </FormField>
            <FormField label={t('Twitch link (optional)')} error={errors.socialLinks?.twitch}>
              <Input type="url" {...form.register('socialLinks.twitch')} />
            </FormField>
            <FormField label={t('TikTok link (optional)')} error={errors.socialLinks?.tiktok}>
              <Input type="url" {...form.register('socialLinks.tiktok')} />
            </FormField>
            <p className="text-xs text-muted sm:col-span-3">{t('Leave a link empty if you have no such channel: the footer then leaves it out.')}</p>
          </div>
          <FormField label={t('General rules')} error={errors.generalRules} hint={t('Shown on the Rules page, one rule per line.')}>
            <Textarea rows={8} {...form.register('generalRules')} />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField label={t("Organizer's name")} error={errors.organizerName} hint={t('Who is responsible for personal data (privacy policy).')}>
              <Input {...form.register('organizerName')} />
            </FormField>
            <FormField label={t("Organizer's contact")} error={errors.organizerContact} hint={t('An address for data requests (privacy policy).')}>
              <Input {...form.register('organizerContact')} />
            </FormField>
          </div>
          <Controller
            control={form.control}
            name="mapPool"
            render={({ field }) => (
              <FormField
                label={t('Default map pool')}
                error={mapPoolErrorOf(errors.mapPool)}
                hint={t("One map a line: the maps every tournament's veto uses unless the tournament has its own pool.")}
              >
                <MapPoolTextarea value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} name={field.name} />
              </FormField>
            )}
          />
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? t('Saving...') : t('Save Settings')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
