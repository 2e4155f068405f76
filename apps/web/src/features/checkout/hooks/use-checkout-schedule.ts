/**
 * 'En el momento' / 'Programado' (ordering §2, §5 scheduling): whether the
 * order can go now or be scheduled, the offered days and slots, and the slot
 * chosen (a stale or missing one moves to the nearest valid slot).
 */
import { scheduleDays, scheduleFirstSlot, scheduleNearestSlot } from '@comanda/domain/schedule';
import { minutes } from '@comanda/domain/types';
import { useMemo, useState } from 'react';
import { orderingStateAt } from '../../../lib/ordering-state';
import type { ApiBranchContact, ApiOrderMode } from '../../../types/api';

export function useCheckoutSchedule(contact: ApiBranchContact, mode: ApiOrderMode | null, now: number) {
  const ordering = mode ? orderingStateAt(contact, mode, now) : null;
  const days = useMemo(
    () =>
      mode?.useSchedule
        ? scheduleDays(mode.schedules, {
            now,
            timeZone: contact.timezone,
            minDelayInMinutes: minutes(Math.max(0, Math.round(mode.minDelayInMinutes))),
            specialDays: mode.specialDays,
          })
        : [],
    [mode, now, contact.timezone],
  );
  const timing = ordering?.timing ?? null;
  const canSchedule = (timing?.canSchedule ?? false) || (!!mode?.useSchedule && days.length > 0);
  const [scheduledChoice, setScheduledChoice] = useState(false);
  const scheduled = timing?.forceScheduled === true || scheduledChoice;
  const [slotAt, setSlotAt] = useState<number | null>(null);
  const slot = scheduled
    ? slotAt !== null
      ? scheduleNearestSlot(days, slotAt)
      : scheduleFirstSlot(days)
    : null;
  const scheduledAt = slot?.slot.at ?? null;
  return { days, timing, canSchedule, scheduled, setScheduledChoice, slot, setSlotAt, scheduledAt };
}

export type CheckoutSchedule = ReturnType<typeof useCheckoutSchedule>;
