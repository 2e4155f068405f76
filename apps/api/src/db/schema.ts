// The whole schema, for drizzle-kit and for code that needs every table at once.
export * from './schema/abuse';
export * from './schema/customers';
export * from './schema/logistics';
export * from './schema/menu';
export * from './schema/orders';
export * from './schema/platform';
export * from './schema/sandbox';
export * from './schema/tenant';
export * from './schema/venue';
