DROP INDEX "orders_status_delivered_at_index";--> statement-breakpoint
DROP INDEX "outbox_messages_status_locked_until_index";--> statement-breakpoint
CREATE INDEX "orders_status_delivered_at_index" ON "orders" USING btree ("status","delivered_at") WHERE "orders"."status" = 'DELIVERED';--> statement-breakpoint
CREATE INDEX "outbox_messages_status_locked_until_index" ON "outbox_messages" USING btree ("status","locked_until") WHERE "outbox_messages"."status" = 'PENDING';