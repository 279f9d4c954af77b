import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema } from '#contract/catalogue';
import {
  CreateReviewBodySchema,
  CreateReviewReplySchema,
  type CreatedReview,
  ReviewEligibilityReplySchema,
  StaffReviewListQuerySchema,
  StaffReviewListReplySchema,
} from '#contract/reviews';
import { errorReplies } from '#server/lib/error-replies';
import { ok } from '#server/lib/reply';
import { currentUser } from '#server/lib/request-user';
import { keepReply } from '../idempotency/idempotency.service';
import { createReview, listStaffReviews, reviewableItem } from './reviews.service';

// Also written with the review itself (keepReply) for a repeated key.
const sent = (review: CreatedReview) => ok(review, 'Đã gửi đánh giá');

/**
 * The write side of reviews, the item a customer may review and the restaurant's own list of
 * them; customers read a dish's reviews through the catalogue
 * (GET /api/customer/reviews/{foodId}/).
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/customer/reviews/',
    {
      // A retried submit (lost reply, double tap) gets the first reply, not ALREADY_REVIEWED.
      config: { access: 'customer', idempotent: true },
      schema: {
        tags: ['reviews'],
        summary: 'Đánh giá một món đã mua trong đơn hàng đã hoàn thành',
        body: CreateReviewBodySchema,
        response: {
          201: CreateReviewReplySchema,
          ...errorReplies('ALREADY_REVIEWED', 'REVIEW_NOT_ALLOWED'),
        },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          sent(
            await createReview(
              app.db,
              currentUser(request).id,
              request.body,
              keepReply(request.idempotencyKey, 201, sent),
            ),
          ),
        ),
  );

  app.get(
    '/api/customer/reviews/:foodId/eligibility/',
    {
      config: { access: 'customer' },
      schema: {
        tags: ['reviews'],
        summary: 'Món đã mua mà khách có thể đánh giá (đơn đã giao, chưa đánh giá)',
        params: z.object({ foodId: IdParamsSchema.shape.id }),
        response: { 200: ReviewEligibilityReplySchema },
      },
    },
    async (request) =>
      ok(await reviewableItem(app.db, currentUser(request).id, request.params.foodId)),
  );

  app.get(
    '/api/staff/reviews/',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['reviews'],
        summary: 'Đánh giá của khách về các món của nhà hàng mình, mới nhất trước',
        querystring: StaffReviewListQuerySchema,
        response: { 200: StaffReviewListReplySchema, ...errorReplies('RESTAURANT_NONE') },
      },
    },
    async (request) => ok(await listStaffReviews(app.db, currentUser(request), request.query)),
  );
};
