import { Fragment, type ReactNode } from 'react';
import { richParts } from '../../../shared/i18n/rich-text.js';
import type { Translate } from '../../../shared/i18n/translator.js';
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from 'react-email';
import type { Locale } from '../../../shared/i18n/locales.js';
import { serverTranslator } from '../../i18n/server-catalogs.js';

/** The site's colours (src/web/styles.css): a dark header with the brand red, the body light for any mail client. */
export const colours = {
  background: '#0b0f1a',
  surface: '#131a2a',
  primary: '#ff4655',
  // Dark text on the brand red: white on it is 3.4:1, below WCAG AA (as on the site).
  primaryForeground: '#0b0f1a',
  page: '#eef2fb',
  text: '#1b2438',
  muted: '#4b5670',
  border: '#d5dbe8',
} as const;

/** What every message says about the site: its name, address and support e-mail; and the language it is written in (the captain's). */
export interface SiteInfo {
  siteName: string;
  siteUrl: string;
  supportEmail: string;
  locale: Locale;
}

/** The frame of every message: the site's name as a header, a title, the content, and how to reach the organizer. */
export function MailLayout({ site, preview, title, children }: { site: SiteInfo; preview: string; title: string; children: ReactNode }) {
  const t = serverTranslator(site.locale);
  return (
    <Html lang={site.locale}>
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: colours.page, color: colours.text, fontFamily: 'Helvetica, Arial, sans-serif', margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: 8, maxWidth: 560, overflow: 'hidden', border: `1px solid ${colours.border}` }}>
          <Section style={{ backgroundColor: colours.background, padding: '18px 24px', borderBottom: `4px solid ${colours.primary}` }}>
            <Link href={site.siteUrl} style={{ color: colours.primary, fontSize: 20, fontWeight: 700, textDecoration: 'none' }}>
              {site.siteName}
            </Link>
          </Section>
          <Section style={{ padding: '8px 24px 16px' }}>
            <Heading as="h1" style={{ fontSize: 22, color: colours.surface, margin: '16px 0 8px' }}>
              {title}
            </Heading>
            {children}
          </Section>
          <Hr style={{ borderColor: colours.border, margin: 0 }} />
          <Section style={{ padding: '8px 24px 16px' }}>
            <Text style={{ color: colours.muted, fontSize: 12, lineHeight: '18px', margin: '8px 0 0' }}>
              {site.siteName} · <Link href={site.siteUrl} style={{ color: colours.muted }}>{site.siteUrl}</Link> · {t('Questions? Write to')}{' '}
              <Link href={`mailto:${site.supportEmail}`} style={{ color: colours.muted }}>
                {site.supportEmail}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={{ fontSize: 15, lineHeight: '22px', margin: '12px 0' }}>{children}</Text>;
}

/** Label and value pairs (a receipt's lines), one per line so the plain-text part reads the same. */
export function Facts({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <Section style={{ backgroundColor: colours.page, borderRadius: 6, padding: '4px 16px', margin: '12px 0' }}>
      {rows.map(([label, value]) => (
        <Text key={label} style={{ fontSize: 14, lineHeight: '20px', margin: '8px 0' }}>
          <strong>{label}:</strong> {value}
        </Text>
      ))}
    </Section>
  );
}

export function PrimaryButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button
      href={href}
      style={{ backgroundColor: colours.primary, color: colours.primaryForeground, borderRadius: 6, fontSize: 15, fontWeight: 700, padding: '12px 20px', margin: '8px 0' }}
    >
      {children}
    </Button>
  );
}

/**
 * A translated sentence with bold parts: the message marks them `<b>…</b>`, so a language can
 * place them within its sentence (the site's Trans, for mail).
 */
export function MailTrans({ t, message, values }: { t: Translate; message: string; values?: Record<string, string | number> }) {
  return (
    <>
      {richParts(t, message, values).map(({ tag, text }, index) => (tag === 'b' ? <strong key={index}>{text}</strong> : <Fragment key={index}>{text}</Fragment>))}
    </>
  );
}
