import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { companyId, createdAt, instant } from './columns';
import { orders } from './orders';
import { branchContacts, companies } from './tenant';

export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Lower-cased; unique across tenants so a login names one account. */
    email: text().notNull().unique(),
    /** Salted scrypt hash. */
    passwordHash: text().notNull(),
    role: text({ enum: ['OWNER', 'STAFF'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.companyId)],
);

export const staffUserBranchContacts = pgTable(
  'staff_user_branch_contacts',
  {
    staffUserId: integer()
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    branchContactId: integer()
      .notNull()
      .references(() => branchContacts.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.staffUserId, t.branchContactId] })],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    tokenHash: text().primaryKey(),
    staffUserId: integer()
      .notNull()
      .references(() => staffUsers.id, { onDelete: 'cascade' }),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    /**
     * A fingerprint of the account's password hash when the session began: a
     * session whose stamp no longer matches (the password changed by any path,
     * or the account was disabled) is over. '' (sessions older than the
     * column) never matches.
     */
    credentialsStamp: text().notNull().default(''),
    expiresAt: instant().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.staffUserId)],
);

/** Answers stored for writes a retry could repeat (`Idempotency-Key`), kept at least 24 hours. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text().notNull(),
    key: text().notNull(),
    requestHash: text().notNull(),
    responseStatus: integer(),
    responseBody: jsonb(),
    createdAt: createdAt(),
    expiresAt: instant().notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index().on(t.expiresAt)],
);

export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: serial().primaryKey(),
    companyId: integer().references(() => companies.id, { onDelete: 'cascade' }),
    branchContactId: integer(),
    sessionId: text().notNull(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  // createdAt alone: the retention job deletes by age across companies.
  (t) => [index().on(t.companyId, t.type, t.createdAt), index().on(t.createdAt)],
);

export const clientLogs = pgTable(
  'client_logs',
  {
    id: serial().primaryKey(),
    companyId: integer().references(() => companies.id, { onDelete: 'cascade' }),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.createdAt)],
);

/** Messages to diners (order updates, abandoned carts) waiting for the messaging adapter. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    branchContactId: integer(),
    orderId: integer(),
    channel: text().notNull().default('WHATSAPP'),
    kind: text().notNull(),
    toPhone: text().notNull(),
    body: text().notNull(),
    status: text({ enum: ['PENDING', 'SENT', 'FAILED', 'KEPT'] })
      .notNull()
      .default('PENDING'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    lockedUntil: instant(),
    createdAt: createdAt(),
    sentAt: instant(),
  },
  (t) => [
    // The sender claims PENDING rows. Partial: a message written settled (KEPT at insert, ADR 043) and
    // every settled one leave it, so it stays as small as the queue.
    index().on(t.status, t.lockedUntil).where(sql`${t.status} = 'PENDING'`),
    index().on(t.branchContactId, t.createdAt),
    // The daily cap per recipient counts a phone's recent messages.
    index().on(t.toPhone, t.sentAt),
  ],
);

export const surveys = pgTable('surveys', {
  id: serial().primaryKey(),
  companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
  branchId: integer().notNull().unique(),
  active: boolean().notNull().default(true),
});

export const surveyQuestions = pgTable(
  'survey_questions',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    /** Set for a follow-up reason question of a rating question. */
    parentQuestionId: integer(),
    key: text().notNull(),
    title: text().notNull(),
    subTitle: text(),
    type: text({ enum: ['rating', 'text', 'multiselect'] }).notNull(),
    questionOrder: integer().notNull().default(0),
    mandatory: boolean().notNull().default(false),
    priority: boolean().notNull().default(false),
    options: jsonb().$type<string[]>().notNull().default([]),
  },
  (t) => [unique().on(t.surveyId, t.key)],
);

export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    questionId: integer().notNull(),
    orderId: integer().notNull(),
    customerId: integer(),
    questionTitle: text().notNull(),
    questionType: text().notNull(),
    answer: text(),
    reason: text(),
    mandatory: boolean().notNull().default(false),
    priority: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.orderId), unique().on(t.orderId, t.questionId)],
);

/**
 * One answered survey per order (ADR 031): the unique order is what refuses a
 * second submission, also under concurrent ones. The general rating and its
 * reasons are kept here as well, so the NPS figures read one row per order.
 */
export const surveyResponses = pgTable(
  'survey_responses',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    surveyId: integer()
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    branchContactId: integer().notNull(),
    customerId: integer(),
    /** The general question's rating 1–5; null when it was left unanswered. */
    rating: smallint(),
    /** The reasons chosen for a general rating under 5. */
    reasons: jsonb().$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.orderId), index().on(t.branchContactId, t.createdAt)],
);

/** The invitation to rate an order, once per order whatever the number of job runners (ADR 031). */
export const surveyInvitations = pgTable(
  'survey_invitations',
  {
    id: serial().primaryKey(),
    companyId: companyId().references(() => companies.id, { onDelete: 'cascade' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    branchContactId: integer().notNull(),
    status: text({ enum: ['SENT', 'SKIPPED'] }).notNull(),
    skipReason: text(),
    outboxMessageId: integer(),
    createdAt: createdAt(),
  },
  (t) => [unique().on(t.orderId)],
);
