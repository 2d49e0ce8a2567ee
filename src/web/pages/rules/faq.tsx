import type { ReactNode } from 'react';
import { paths } from '../../../shared/paths';
import { NavAnchor } from '../../components/layout/nav-anchor';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '../../components/ui/accordion';
import type { Translate } from '../../../shared/i18n/translator';
import { useT } from '../../i18n/i18n';
import { Trans } from '../../i18n/trans';
import { Island } from '../../islands/island';

/** The questions and answers, in the page's language. */
const faqsOf = (t: Translate): { id: string; question: string; answer: ReactNode }[] => [
  {
    id: 'registration',
    question: t('How do we register our team?'),
    answer: (
      <>
        <p>
          <Trans
            message="The team captain registers the whole team with <strong>Register Team</strong> on the tournament page: team name, optional logo, the captain's Riot ID and Discord username, the Riot IDs of four more players and up to two substitutes. Then join our Discord and pay the entry fee."
            parts={{ strong: (text) => <strong>{text}</strong> }}
          />
        </p>
        <p className="mt-2">
          {t(
            'Your spot is held while you pay and is confirmed as soon as the payment goes through. Registration closes at the date shown on the tournament page or when every spot is taken.',
          )}
        </p>
      </>
    ),
  },
  {
    id: 'format',
    question: t('What is the tournament format?'),
    answer: (
      <p>
        {t(
          "Matches are best-of-1, single elimination, with a tournament draft. The bracket, check-in and match schedule are posted on our Discord before the tournament starts. Any format detail specific to a tournament (a best-of-3 final, say) is listed in that tournament's rules above.",
        )}
      </p>
    ),
  },
  {
    id: 'substitutes',
    question: t('Can we use substitutes?'),
    answer: (
      <p>
        {t(
          'Yes. A team is five players (the captain and four others) plus up to two substitutes, all named at registration. A substitute may replace any player between matches. A player can only be on one team per tournament.',
        )}
      </p>
    ),
  },
  {
    id: 'prizes',
    question: t('How are prizes paid?'),
    answer: (
      <p>
        {t(
          "The prize pool is shown on the tournament page, in the tournament's currency. Once the final result is confirmed, an admin contacts the winning captain on Discord to arrange the payout. Winners also join the Hall of Fame.",
        )}
      </p>
    ),
  },
  {
    id: 'refunds',
    question: t('Can we get a refund?'),
    answer: (
      <>
        <ul className="list-disc space-y-1 pl-5">
          <li>{t('Full refund when requested 48 hours or more before the tournament starts.')}</li>
          <li>{t('50% refund between 24 and 48 hours before the start.')}</li>
          <li>{t('No refund less than 24 hours before the start, after the tournament has started, or after a disqualification.')}</li>
          <li>{t('If we cancel a tournament, every team gets a full refund automatically, sent at once, with nothing deducted.')}</li>
          <li>{t('Only the captain who paid can ask for a refund; the whole team is removed from the bracket while it is processed.')}</li>
          <li>{t('Refunds take 5 to 10 business days; payment provider fees may be deducted.')}</li>
        </ul>
        <p className="mt-2">
          <Trans
            message="Read the full <policy>Refund Policy</policy>."
            parts={{
              policy: (text) => (
                <NavAnchor to={paths.refundPolicy} className="font-semibold text-accent underline-offset-2 hover:underline">
                  {text}
                </NavAnchor>
              ),
            }}
          />
        </p>
      </>
    ),
  },
  {
    id: 'disputes',
    question: t('What happens if there is a dispute?'),
    answer: (
      <p>
        {t(
          'Report it to an admin on our Discord straight after the match, with screenshots or a clip. Admins decide disputes within 30 minutes whenever possible, and their decision is final.',
        )}
      </p>
    ),
  },
  {
    id: 'technical',
    question: t('What if a player disconnects or has technical problems?'),
    answer: (
      <p>
        {t(
          'A disconnected player has 10 minutes to reconnect; the match is paused while they do. If they cannot come back in time, the team continues with a substitute (between matches) or plays on short-handed. Each team is responsible for its own hardware, connection and game client.',
        )}
      </p>
    ),
  },
];

/** One item open at a time; the open one can be closed again. */
export function Faq() {
  const t = useT();
  const faqs = faqsOf(t);
  return (
    <Accordion id="faq" className="rounded-2xl border border-border bg-surface px-5 sm:px-7">
      {faqs.map((faq) => (
        <AccordionItem key={faq.id} value={faq.id}>
          <AccordionTrigger>{faq.question}</AccordionTrigger>
          <AccordionContent>{faq.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

/** The FAQ as an island (src/web/islands): its questions are in the server's HTML; opening one takes the accordion's script. */
export function FaqIsland() {
  return (
    <Island name="faq" props={{}}>
      <Faq />
    </Island>
  );
}
