import {
  FOLLOW_UP_DUE_MONTHS,
  NOTIFICATION_QUERIES_MAX,
  type Notifications,
  type QueryStatus,
} from '@registry/shared';
import type { Actor } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import { describeError } from '../http/logging.ts';
import { queriesMail } from '../mail/templates.ts';
import { followUpDueCount, type Viewer, viewerOf } from '../patients/index.ts';
import { createQualityRepository } from './quality.repository.ts';

/**
 * The menu's notifications and the mails about queries (CONTRACT §13, docs/api-quality.md#notifications).
 * A new query, a reopened one or an answer marks its recipient (the owning doctor; the admin who opened
 * it) as owed a mail. A scheduler sends each marked recipient one mail when its last one is a day old
 * or more — so the first news after a quiet day goes out within a minute, and later news waits for
 * the next day's mail. A mail counts the queries waiting and links to them: no query text, no patient.
 */

/** Hours between two mails to one recipient. */
export const MAIL_EVERY_MS = 24 * 60 * 60 * 1000;

/** How often the scheduler looks for recipients owed a mail. */
export const MAIL_CHECK_EVERY_MS = 60 * 1000;

/** The state of the queries waiting on a user: open ones for a doctor, answered ones for an admin. */
const waitingStatus = (viewer: Viewer): Extract<QueryStatus, 'open' | 'answered'> =>
  viewer.isAdmin ? 'answered' : 'open';

/** `GET /api/notifications`: not audited beyond the queries' own steps; it names patients only to their owner. */
export async function notificationsOf(ctx: AppContext, actor: Actor): Promise<Notifications> {
  const viewer = viewerOf(actor.principal);
  const queries = createQualityRepository(ctx.db);
  if (actor.language) {
    await queries.rememberLanguage(actor.principal.userId, actor.language);
  }
  const counts = await queries.pendingCounts(viewer);
  const waiting = await queries.newest(viewer, waitingStatus(viewer), NOTIFICATION_QUERIES_MAX);
  const followUpsDue = viewer.isAdmin ? 0 : await followUpDueCount(ctx, actor, FOLLOW_UP_DUE_MONTHS);
  return {
    openQueries: counts.open,
    answeredQueries: counts.answered,
    followUpsDue,
    total: viewer.isAdmin ? counts.answered : counts.open + followUpsDue,
    queries: waiting,
  };
}

/**
 * Sends the mails owed now: to each recipient with news whose last mail is a day old or more, one mail
 * with how many queries wait on it. Answers how many mails went out. Callable from tests with a clock.
 */
export async function sendNotificationMails(
  ctx: AppContext,
  now: Date = ctx.now(),
  log: { warn(obj: object, message: string): void } = { warn: () => undefined },
): Promise<number> {
  const queries = createQualityRepository(ctx.db);
  const lastSentBefore = new Date(now.getTime() - MAIL_EVERY_MS);
  let sent = 0;
  for (const recipient of await queries.recipientsDue(lastSentBefore)) {
    const status = waitingStatus(recipient);
    const n = await queries.countOf(recipient, status);
    // Claimed first, so that two servers on one database never send the same mail twice. When the news
    // was dealt with before the mail (nothing waits), the news is cleared and the day's mail not spent.
    const claimed = await queries.claim(recipient.userId, lastSentBefore, n > 0 ? now : null);
    if (!claimed || n === 0) {
      continue;
    }
    try {
      await ctx.mailer.send(
        queriesMail(recipient.language, recipient.email, {
          count: n,
          kind: status,
          link: `${ctx.config.publicUrl}/queries?status=${status}`,
        }),
      );
      sent += 1;
    } catch (error) {
      // Not sent: the recipient is owed it again at the next check.
      await queries.release(recipient.userId, now);
      log.warn({ err: describeError(error) }, 'notification mail failed');
    }
  }
  return sent;
}

/**
 * Starts the scheduler of the notification mails with the server (README.md#configuration:
 * `NOTIFICATION_MAILS=off` turns it off). Answers a function that stops it.
 */
export function startNotificationMails(
  ctx: AppContext,
  log: { warn(obj: object, message: string): void },
): () => void {
  if (!ctx.config.notificationMails) {
    return () => undefined;
  }
  let running = false;
  const timer = setInterval(() => {
    if (running) {
      return;
    }
    running = true;
    sendNotificationMails(ctx, ctx.now(), log)
      .catch((error: unknown) => log.warn({ err: describeError(error) }, 'notification mails failed'))
      .finally(() => {
        running = false;
      });
  }, MAIL_CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
