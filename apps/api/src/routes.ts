import type { FastifyInstance } from 'fastify';
import adminRoutes from './routes/api/admin/index';
import analyticsRoutes from './routes/api/analytics/index';
import branchRoutes from './routes/api/branch/index';
import callbackRoutes from './routes/api/callback/index';
import codeDiscountRoutes from './routes/api/codediscounts/index';
import consoleRoutes from './routes/api/console/index';
import consoleAbuseRoutes from './routes/api/console-abuse/index';
import consoleDispatchRoutes from './routes/api/console-dispatch/index';
import countryRoutes from './routes/api/country/index';
import dinerRoutes from './routes/api/diner/index';
import dinerLogRoutes from './routes/api/diner-log/index';
import dinerOrderRoutes from './routes/api/diner-order/index';
import dinerOrderDetailsRoutes from './routes/api/diner-order-details/index';
import externalBenefitsRoutes from './routes/api/external-benefits/index';
import geoRoutes from './routes/api/geo/index';
import healthRoutes from './routes/api/health/index';
import menuCustomizationRoutes from './routes/api/menucustomization/index';
import orderRoutes from './routes/api/order/index';
import orderPaymentRoutes from './routes/api/order-payment/index';
import orderingCustomerRoutes from './routes/api/orderingcustomer/index';
import orderModeRoutes from './routes/api/ordermode/index';
import orderModesRoutes from './routes/api/ordermodes/index';
import paymentsRoutes from './routes/api/payments/index';
import paymentUrlRoutes from './routes/api/paymenturl/index';
import riderPositionRoutes from './routes/api/rider-position/index';
import sandboxRoutes from './routes/api/sandbox/index';
import shipmentRoutes from './routes/api/shipments/index';
import shipmentStackRoutes from './routes/api/shipmentstacks/index';
import stackingRoutes from './routes/api/stacking/index';
import staffRoutes from './routes/api/staff/index';
import storefrontExtrasRoutes from './routes/api/storefront-extras/index';

/** Every route plugin of the API, mounted under /api. One line per resource. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(dinerRoutes, { prefix: '/api/diner' });
  await app.register(countryRoutes, { prefix: '/api/country' });
  await app.register(menuCustomizationRoutes, { prefix: '/api/menucustomization' });
  await app.register(orderModeRoutes, { prefix: '/api/ordermode' });
  await app.register(orderModesRoutes, { prefix: '/api/ordermodes' });
  await app.register(orderRoutes, { prefix: '/api/order' });
  await app.register(codeDiscountRoutes, { prefix: '/api/codediscounts' });
  await app.register(externalBenefitsRoutes, { prefix: '/api/external-benefits' });
  await app.register(dinerOrderRoutes, { prefix: '/api/diner' });
  await app.register(dinerLogRoutes, { prefix: '/api/diner' });
  await app.register(branchRoutes, { prefix: '/api/branch' });
  await app.register(geoRoutes, { prefix: '/api/geo' });
  await app.register(analyticsRoutes, { prefix: '/api/analytics' });
  await app.register(staffRoutes, { prefix: '/api/staff' });
  await app.register(consoleRoutes, { prefix: '/api/console' });
  await app.register(consoleAbuseRoutes, { prefix: '/api/console' });
  await app.register(consoleDispatchRoutes, { prefix: '/api/console' });
  await app.register(dinerOrderDetailsRoutes, { prefix: '/api/diner' });
  await app.register(orderPaymentRoutes, { prefix: '/api/order/payment' });
  await app.register(paymentUrlRoutes, { prefix: '/api/paymenturl' });
  await app.register(callbackRoutes, { prefix: '/api/callback' });
  await app.register(paymentsRoutes, { prefix: '/api/payments' });
  // Test cards pay here: mounted only while the sandbox is the payment mode (ADR 016).
  if (app.config.payments.provider === 'sandbox')
    await app.register(sandboxRoutes, { prefix: '/api/sandbox' });
  await app.register(storefrontExtrasRoutes, { prefix: '/api/storefront-extras' });
  await app.register(orderingCustomerRoutes, { prefix: '/api/orderingcustomer' });
  await app.register(shipmentRoutes, { prefix: '/api/shipments' });
  await app.register(shipmentStackRoutes, { prefix: '/api/shipmentstacks' });
  await app.register(stackingRoutes, { prefix: '/api/stacking' });
  await app.register(riderPositionRoutes, { prefix: '/api/rider' });
}
