import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CartAddBodySchema,
  CartItemParamsSchema,
  CartReplySchema,
  CartUpdateBodySchema,
  type Cart,
} from '#contract/cart';
import { errorReplies } from '#server/lib/error-replies';
import { ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import { keepReply } from '../idempotency/idempotency.service';
import { addToCart, clearCart, getCart, removeCartItem, updateCartItem } from './cart.service';

const CUSTOMER = { access: 'customer' } as const;
// Offline clients replay their cart changes with a key each (design.md section 6), so a
// change that reached the server before the connection dropped is not applied twice.
const CUSTOMER_IDEMPOTENT = { access: 'customer', idempotent: true } as const;

// Each change's reply, also written with the change itself (keepReply) for a repeated key.
const added = (cart: Cart) => ok(cart, 'Đã thêm vào giỏ hàng');
const updated = (cart: Cart) => ok(cart, 'Đã cập nhật số lượng');
const removed = (cart: Cart) => ok(cart, 'Đã xóa món khỏi giỏ hàng');
const cleared = (cart: Cart) => ok(cart, 'Đã xóa giỏ hàng');

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/customer/cart/',
    {
      config: CUSTOMER,
      schema: {
        tags: ['cart'],
        summary: 'Giỏ hàng của khách',
        response: { 200: CartReplySchema },
      },
    },
    async (request) => ok(await getCart(app.db, currentUser(request).id)),
  );

  app.post(
    '/api/customer/cart/add/',
    {
      config: CUSTOMER_IDEMPOTENT,
      schema: {
        tags: ['cart'],
        summary: 'Thêm món (với topping, lựa chọn và ghi chú) vào giỏ hàng',
        body: CartAddBodySchema,
        response: {
          200: CartReplySchema,
          ...errorReplies(
            'CART_OTHER_RESTAURANT',
            'CART_QUANTITY_LIMIT',
            'CART_TOO_MANY_LINES',
            'FOOD_NOT_FOUND',
            'FOOD_UNAVAILABLE',
            'OPTION_INVALID',
            'OPTION_REQUIRED',
            'OPTION_TOO_MANY',
            'OPTION_UNAVAILABLE',
            'OUT_OF_DELIVERY_AREA',
            'RESTAURANT_BUSY',
            'RESTAURANT_PAUSED',
            'TOPPING_INVALID',
          ),
        },
      },
    },
    async (request) =>
      added(
        await addToCart(
          app.db,
          currentUser(request).id,
          request.body,
          keepReply(request.idempotencyKey, 200, added),
        ),
      ),
  );

  app.put(
    '/api/customer/cart/update/:id/',
    {
      config: CUSTOMER_IDEMPOTENT,
      schema: {
        tags: ['cart'],
        summary: 'Đổi số lượng một món trong giỏ hàng',
        params: CartItemParamsSchema,
        body: CartUpdateBodySchema,
        response: { 200: CartReplySchema, ...errorReplies('CART_ITEM_NOT_FOUND') },
      },
    },
    async (request) =>
      updated(
        await updateCartItem(
          app.db,
          currentUser(request).id,
          request.params.id,
          request.body.quantity,
          keepReply(request.idempotencyKey, 200, updated),
        ),
      ),
  );

  app.delete(
    '/api/customer/cart/remove/:id/',
    {
      config: CUSTOMER_IDEMPOTENT,
      schema: {
        tags: ['cart'],
        summary: 'Xóa một món khỏi giỏ hàng',
        params: CartItemParamsSchema,
        response: { 200: CartReplySchema, ...errorReplies('CART_ITEM_NOT_FOUND') },
      },
    },
    async (request) =>
      removed(
        await removeCartItem(
          app.db,
          currentUser(request).id,
          request.params.id,
          keepReply(request.idempotencyKey, 200, removed),
        ),
      ),
  );

  app.delete(
    '/api/customer/cart/clear/',
    {
      config: CUSTOMER_IDEMPOTENT,
      schema: {
        tags: ['cart'],
        summary: 'Xóa toàn bộ giỏ hàng',
        response: { 200: CartReplySchema },
      },
    },
    async (request) =>
      cleared(
        await clearCart(
          app.db,
          currentUser(request).id,
          keepReply(request.idempotencyKey, 200, cleared),
        ),
      ),
  );
};
