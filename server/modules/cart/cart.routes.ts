import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CartAddBodySchema,
  CartItemParamsSchema,
  CartReplySchema,
  CartUpdateBodySchema,
} from '#contract/cart';
import { errorReplies } from '#server/lib/error-replies';
import { ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import { addToCart, clearCart, getCart, removeCartItem, updateCartItem } from './cart.service';

const CUSTOMER = { access: 'customer' } as const;
// Offline clients replay their cart changes with a key each (design.md section 6), so a
// change that reached the server before the connection dropped is not applied twice.
const CUSTOMER_IDEMPOTENT = { access: 'customer', idempotent: true } as const;

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
        summary: 'Thêm món (với topping) vào giỏ hàng',
        body: CartAddBodySchema,
        response: {
          200: CartReplySchema,
          ...errorReplies(
            'CART_OTHER_RESTAURANT',
            'CART_QUANTITY_LIMIT',
            'CART_TOO_MANY_LINES',
            'FOOD_NOT_FOUND',
            'FOOD_UNAVAILABLE',
            'RESTAURANT_PAUSED',
            'TOPPING_INVALID',
          ),
        },
      },
    },
    async (request) =>
      ok(await addToCart(app.db, currentUser(request).id, request.body), 'Đã thêm vào giỏ hàng'),
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
      ok(
        await updateCartItem(
          app.db,
          currentUser(request).id,
          request.params.id,
          request.body.quantity,
        ),
        'Đã cập nhật số lượng',
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
      ok(
        await removeCartItem(app.db, currentUser(request).id, request.params.id),
        'Đã xóa món khỏi giỏ hàng',
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
    async (request) => ok(await clearCart(app.db, currentUser(request).id), 'Đã xóa giỏ hàng'),
  );
};
