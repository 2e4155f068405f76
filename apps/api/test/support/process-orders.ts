import { tenantExample } from './diner-fixture';

/**
 * Orders against a server running as a child process (on the real clock):
 * the example tenant with Palermo's take-away open around the clock, and a
 * cash take-away order of fries read from that server's own diner API.
 */

export function alwaysOpenTenant(): Record<string, unknown> {
  const tenant = tenantExample() as {
    branches: { branchContacts: { alias: string; orderModes: { key: string; schedules: unknown }[] }[] }[];
  };
  const palermo = tenant.branches[0]?.branchContacts.find((contact) => contact.alias === 'fuego-palermo');
  const takeAway = palermo?.orderModes.find((mode) => mode.key === 'palermo-takeaway');
  if (!takeAway) throw new Error('the example tenant changed shape');
  const days = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
  const workingHours = [
    { startAt: '00:00', endAt: '12:00' },
    { startAt: '12:00', endAt: '00:00' },
  ];
  takeAway.schedules = [
    { scheduleConfigs: [{ workingDays: days.map((dayOfWeek) => ({ dayOfWeek, workingHours })) }] },
  ];
  return tenant as unknown as Record<string, unknown>;
}

/** Builds the body of a take-away order of one fries (4200 − 10 % = 3780) for phone number `i`. */
export async function takeAwayOrderBuilder(baseUrl: string): Promise<(i: number) => Record<string, unknown>> {
  const entity = (await (await fetch(`${baseUrl}/api/diner/fuego-palermo`)).json()) as {
    branchContact: {
      id: number;
      deliveryConfig: {
        orderModes: { id: number; type: string; paymentTypes: { id: number; paymentMethod: string }[] }[];
      };
    };
  };
  const contact = entity.branchContact;
  const takeAway = contact.deliveryConfig.orderModes.find((mode) => mode.type === 'TAKE_AWAY');
  const cash = takeAway?.paymentTypes.find((type) => type.paymentMethod === 'CASH');
  const menu = (await (
    await fetch(`${baseUrl}/api/diner/fuego-palermo/menu/${contact.id}?orderModeId=${takeAway?.id}`)
  ).json()) as { categories: { plates: { id: number; showName: string }[] }[] };
  const fries = menu.categories
    .flatMap((category) => category.plates)
    .find((p) => p.showName === 'Papas fritas');
  return (i) => ({
    orderModeId: takeAway?.id,
    branchContact: { id: contact.id },
    items: [{ referenceId: fries?.id, quantity: 1 }],
    price: 3780,
    paymentType: { id: cash?.id },
    paysWith: 5000,
    phone: `+5491164${String(100_000 + i).padStart(6, '0')}`,
    customerName: `Cliente ${i}`,
  });
}
