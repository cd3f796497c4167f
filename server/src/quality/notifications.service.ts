import {
  FOLLOW_UP_DUE_MONTHS,
  type Language,
  NOTIFICATION_QUERIES_MAX,
  type Notifications,
  type QueryStatus,
} from '@registry/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor.ts';
import type { AppContext } from '../context.ts';
import type { Queryable } from '../db/client.ts';
import { describeError } from '../http/logging.ts';
import { queriesMail } from '../mail/templates.ts';
import { followUpDueCount } from '../patients/outcomes/outcomes.service.ts';
import { viewerOf } from '../patients/patient-access.ts';

/**
 * The menu's notifications and the mails about queries (CONTRACT §13, docs/api-quality.md#notifications).
 * A new query, a reopened one or an answer marks its recipient (the owning doctor; the admin who opened
 * it) as owed a mail. A scheduler sends each marked recipient one mail when its last one is a day old
 * or more — so the first news after a quiet day goes out within a minute, and later news waits for
 * the next day's mail. A mail counts the queries waiting and links to them: no query text, no patient.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Hours between two mails to one recipient. */
export const MAIL_EVERY_MS = 24 * 60 * 60 * 1000;

/** How often the scheduler looks for recipients owed a mail. */
export const MAIL_CHECK_EVERY_MS = 60 * 1000;

/** Marks recipients as owed a mail, in the transaction of the step that concerns them. */
export async function notifyLater(tx: Queryable, userIds: readonly string[], now: Date): Promise<void> {
  const ids = userIds.filter(Boolean);
  if (ids.length === 0) {
    return;
  }
  await tx.execute(sql`insert into notification_recipients (user_id, pending_since)
    select unnest(${`{${ids.join(',')}}`}::uuid[]), ${now.toISOString()}
    on conflict (user_id) do update set pending_since = coalesce(notification_recipients.pending_since, excluded.pending_since)`);
}

/** Keeps the language a recipient last used the registry in, for its mails. */
export async function rememberLanguage(db: Queryable, userId: string, language: Language): Promise<void> {
  await db.execute(sql`insert into notification_recipients (user_id, language) values (${userId}, ${language})
    on conflict (user_id) do update set language = excluded.language
    where notification_recipients.language <> excluded.language`);
}

/** The queries a user sees: every one for an admin, those of a doctor's own patients. */
function sightOf(user: { isAdmin: boolean; doctorId: string | null }): SQL {
  if (user.isAdmin) {
    return sql`true`;
  }
  return user.doctorId ? sql`p.doctor_id = ${user.doctorId}` : sql`false`;
}

/** The queries waiting on a user: open ones of a doctor's patients; for an admin, the answered ones. */
function waitingOn(user: { isAdmin: boolean; doctorId: string | null }): { status: QueryStatus; sight: SQL } {
  return { status: user.isAdmin ? 'answered' : 'open', sight: sightOf(user) };
}

/** `GET /api/notifications`: not audited beyond the queries' own steps; it names patients only to their owner. */
export async function notificationsOf(ctx: AppContext, actor: Actor): Promise<Notifications> {
  const viewer = viewerOf(actor.principal);
  if (actor.language) {
    await rememberLanguage(ctx.db, actor.principal.userId, actor.language);
  }
  const sight = sightOf(viewer);
  const [counts] = rowsOf<{ open: number; answered: number }>(
    await ctx.db.execute(sql`select count(*) filter (where q.status = 'open')::int as "open",
        count(*) filter (where q.status = 'answered')::int as "answered"
      from data_queries q join patients p on p.id = q.patient_id
      where q.status <> 'closed' and ${sight}`),
  );
  const waiting = waitingOn(viewer);
  const queries = rowsOf<Notifications['queries'][number]>(
    await ctx.db.execute(sql`select q.id as "id", q.patient_id as "patientId", p.identification as "identification",
        q.field as "field", q.status as "status",
        to_char(q.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
      from data_queries q join patients p on p.id = q.patient_id
      where q.status = ${waiting.status} and ${waiting.sight}
      order by q.updated_at desc, q.id desc limit ${NOTIFICATION_QUERIES_MAX}`),
  );
  const openQueries = counts?.open ?? 0;
  const answeredQueries = counts?.answered ?? 0;
  const followUpsDue = viewer.isAdmin ? 0 : await followUpDueCount(ctx, actor, FOLLOW_UP_DUE_MONTHS);
  return {
    openQueries,
    answeredQueries,
    followUpsDue,
    total: viewer.isAdmin ? answeredQueries : openQueries + followUpsDue,
    queries,
  };
}

interface Recipient {
  userId: string;
  email: string;
  language: Language;
  isAdmin: boolean;
  doctorId: string | null;
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
  const due = rowsOf<Recipient>(
    await ctx.db.execute(sql`select n.user_id as "userId", u.email as "email", n.language as "language",
        u.is_admin as "isAdmin", d.id as "doctorId"
      from notification_recipients n join users u on u.id = n.user_id left join doctors d on d.user_id = u.id
      where n.pending_since is not null and u.is_active
        and (n.last_sent_at is null or n.last_sent_at <= ${new Date(now.getTime() - MAIL_EVERY_MS).toISOString()})
      order by n.pending_since limit 500`),
  );
  let sent = 0;
  for (const recipient of due) {
    const waiting = waitingOn(recipient);
    const [count] = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`select count(*)::int as "n" from data_queries q join patients p on p.id = q.patient_id
        where q.status = ${waiting.status} and ${waiting.sight}`),
    );
    const n = count?.n ?? 0;
    // Claimed first, so that two servers on one database never send the same mail twice. When the news
    // was dealt with before the mail (nothing waits), the news is cleared and the day's mail not spent.
    const claimed = rowsOf(
      await ctx.db.execute(sql`update notification_recipients set pending_since = null,
          last_sent_at = ${n > 0 ? sql`${now.toISOString()}::timestamptz` : sql`last_sent_at`}
        where user_id = ${recipient.userId} and pending_since is not null
          and (last_sent_at is null or last_sent_at <= ${new Date(now.getTime() - MAIL_EVERY_MS).toISOString()})
        returning user_id`),
    );
    if (claimed.length === 0 || n === 0) {
      continue;
    }
    try {
      await ctx.mailer.send(
        queriesMail(recipient.language, recipient.email, {
          count: n,
          kind: recipient.isAdmin ? 'answered' : 'open',
          link: `${ctx.config.publicUrl}/queries?status=${waiting.status}`,
        }),
      );
      sent += 1;
    } catch (error) {
      // Not sent: the recipient is owed it again at the next check.
      await ctx.db.execute(sql`update notification_recipients set pending_since = ${now.toISOString()}, last_sent_at = null
        where user_id = ${recipient.userId}`);
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
