import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route.ts';
import { errorResponse, response } from '../../lib/schema.ts';
import {
  CreatedEndpoint,
  CreateEndpointBody,
  DeliveryList,
  DeliveryParams,
  EndpointList,
  ExampleDelivery,
  ExampleEndpoint,
  EndpointParams,
  UpdateEndpointBody,
} from './webhooks.schemas.ts';
import * as service from './webhooks.service.ts';

/**
 * The signed-in subscriber's webhook endpoints and their deliveries. A session or a token with
 * the right scope may call them: reading needs read, every change write.
 */
export async function webhooksRoutes(app: FastifyInstance, deps: service.EndpointDeps) {
  const { db } = deps;
  const common = { tags: ['webhooks'], security: [{ session: [] }] };
  const noSession = errorResponse('Nobody is signed in, or the bearer token is not valid');
  const forbidden = errorResponse(
    "A staff account, or a token without this call's scope (the message names it)",
  );
  const notFound = errorResponse('No such endpoint among yours');
  const invalid = errorResponse('Invalid input, with what to change');

  route(app, {
    method: 'GET',
    url: '/webhooks',
    access: 'signed-in',
    schema: {
      ...common,
      operationId: 'listWebhookEndpoints',
      summary: 'Your webhook endpoints',
      response: {
        200: response(EndpointList, 'Your endpoints, oldest first'),
        401: noSession,
        403: forbidden,
      },
    },
    handler: async (_request, _reply, caller) => service.listEndpoints(db, caller),
  });

  route(app, {
    method: 'POST',
    url: '/webhooks',
    access: 'signed-in',
    // Staff impersonating a subscriber could otherwise send the subscriber's alerts anywhere.
    config: { notWhileImpersonating: true },
    schema: {
      ...common,
      operationId: 'createWebhookEndpoint',
      summary: 'Registers a webhook endpoint and shows its signing secret once',
      description:
        'Events of the types named are POSTed to the URL as JSON, signed the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature headers) with the secret returned here, retried with backoff for 24 hours until the receiver answers 2xx; then the endpoint is disabled and you are emailed. The URL must be https on a public address (checked now and before every delivery); redirects are not followed; the receiver has 10 seconds. At most 5 endpoints.',
      body: CreateEndpointBody,
      response: {
        201: response(CreatedEndpoint, 'The endpoint and its signing secret, shown this once'),
        400: errorResponse(
          'Invalid input, or a URL that is not https, not public, or does not resolve',
        ),
        401: noSession,
        403: errorResponse(
          'A staff account, staff impersonating this subscriber, or a token without the write scope',
        ),
        409: errorResponse('Already 5 endpoints, or one at this URL'),
      },
    },
    handler: async (request, reply, caller) => {
      const created = await service.createEndpoint(deps, caller, request.body);
      return reply.status(201).send(created);
    },
  });

  route(app, {
    method: 'PATCH',
    url: '/webhooks/:id',
    access: 'signed-in',
    schema: {
      ...common,
      operationId: 'updateWebhookEndpoint',
      summary: 'Changes an endpoint: its description, its event types, or enables or disables it',
      description:
        'Enabling a disabled endpoint checks its address again, then sends it, oldest first, the messages held for it while it was disabled (those of the last 30 days).',
      params: EndpointParams,
      body: UpdateEndpointBody,
      response: {
        200: response(ExampleEndpoint, 'The endpoint as it is now'),
        400: errorResponse('Invalid input, or enabling an endpoint whose URL is no longer public'),
        401: noSession,
        403: forbidden,
        404: notFound,
      },
    },
    handler: async (request, _reply, caller) =>
      service.updateEndpoint(deps, caller, request.params.id, request.body),
  });

  route(app, {
    method: 'DELETE',
    url: '/webhooks/:id',
    access: 'signed-in',
    schema: {
      ...common,
      operationId: 'deleteWebhookEndpoint',
      summary: 'Deletes an endpoint and its deliveries',
      params: EndpointParams,
      response: {
        200: response(ExampleEndpoint, 'The endpoint deleted'),
        400: invalid,
        401: noSession,
        403: forbidden,
        404: notFound,
      },
    },
    handler: async (request, _reply, caller) =>
      service.deleteEndpoint(db, caller, request.params.id),
  });

  route(app, {
    method: 'GET',
    url: '/webhooks/:id/deliveries',
    access: 'signed-in',
    schema: {
      ...common,
      operationId: 'listWebhookDeliveries',
      summary: "An endpoint's recent deliveries, with their status",
      params: EndpointParams,
      response: {
        200: response(DeliveryList, 'The newest 50 deliveries'),
        400: invalid,
        401: noSession,
        403: forbidden,
        404: notFound,
      },
    },
    handler: async (request, _reply, caller) =>
      service.listDeliveries(db, caller, request.params.id),
  });

  route(app, {
    method: 'POST',
    url: '/webhooks/deliveries/:id/resend',
    access: 'signed-in',
    schema: {
      ...common,
      operationId: 'resendWebhookDelivery',
      summary: 'Sends a delivery again',
      description:
        'A new delivery with the same webhook-id and body, tried at once and retried for 24 hours like any other. Its endpoint must be enabled, and the delivery delivered or failed: one still pending or held is sent without it.',
      params: DeliveryParams,
      response: {
        202: response(ExampleDelivery, 'The new delivery, queued'),
        400: invalid,
        401: noSession,
        403: forbidden,
        404: errorResponse('No such delivery among yours'),
        409: errorResponse(
          'Its endpoint is disabled, or the delivery is still pending (the message says when its next attempt is) or held',
        ),
      },
    },
    handler: async (request, reply, caller) => {
      const delivery = await service.resendDelivery(deps, caller, request.params.id);
      return reply.status(202).send(delivery);
    },
  });
}
