import { pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.js';

/**
 * The provider's customer of an account on one syndic's connected account (Stripe customers live
 * on the connected account): created once, reused by each saved mandate of that account.
 */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    account_id: text('account_id').notNull(),
    customer_id: text('customer_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.account_id] })],
);
