/**
 * DTOs of the money path (cart, checkout, orders, payment sessions), from the gateway's
 * OpenAPI document. Money in an order or a cart is in minor units of its own currency.
 */
import type { components } from './schema';

type Schemas = components['schemas'];

export type CartDto = Schemas['CartDto'];
export type CartLineDto = Schemas['CartLineDto'];
export type CheckoutBody = Schemas['CheckoutBody'];
export type PlacedDto = Schemas['PlacedDto'];
export type OrderDto = Schemas['OrderDto'];
export type OrderLineDto = Schemas['OrderLineDto'];
export type OrderKeysDto = Schemas['OrderKeysDto'];
export type PaymentMethodDto = Schemas['PaymentMethodDto'];
export type PaymentSessionDto = Schemas['PaymentSessionDto'];
export type CardBody = Schemas['CardBody'];
