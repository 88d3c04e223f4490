import {
  activeLabsResponseSchema,
  CATALOGUE_CREATE_BODY_SCHEMAS,
  CATALOGUE_KINDS,
  CATALOGUE_UPDATE_BODY_SCHEMAS,
  canManageCatalogueKind,
  canReadCatalogue,
  catalogueItemDeleted,
  catalogueItemNotFound,
  catalogueItemResponseSchemaOf,
  catalogueListQuerySchema,
  catalogueListResponseSchemaOf,
  ERRORS,
  errorBodySchema,
  historyResponseSchema,
  idParamSchema,
  messageResponseSchema,
  testFormFieldsQuerySchema,
  testFormFieldsResponseSchema,
  type CatalogueKind,
} from '@labline/contracts';
import { allow, appendMetadata, callerOf, httpError } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCatalogueItem, deleteCatalogueItem, updateCatalogueItem } from '../commands/catalogue';
import type { ClinicalContext } from '../config';
import { clinicalReads } from '../reads';

const errors = { '4xx': errorBodySchema };

/** One kind's `/cms/{kind}` routes: reads for every catalogue reader, writes for who manages the kind. */
const kindRoutes =
  (context: ClinicalContext, kind: CatalogueKind): FastifyPluginAsyncZod =>
  async (app) => {
    const path = `/cms/${kind}`;
    const readsOf = (request: FastifyRequest) => clinicalReads(context, callerOf(request));
    const manage = allow((caller) => canManageCatalogueKind(caller, kind));
    const itemSchema = catalogueItemResponseSchemaOf(kind);
    const visibleItem = async (request: FastifyRequest, id: number) => {
      const item = await readsOf(request).catalogueItem(kind, id);
      if (!item) throw httpError(404, catalogueItemNotFound(kind));
      return item;
    };

    app.get(
      path,
      {
        schema: {
          querystring: catalogueListQuerySchema,
          response: { 200: catalogueListResponseSchemaOf(kind), ...errors },
        },
      },
      async (request) => {
        const items = await readsOf(request).catalogue(kind, request.query);
        // An institution the caller may not name answers as an unknown one does.
        if (!items) throw httpError(404, ERRORS.institutionNotFound);
        return { items };
      },
    );

    app.get(
      `${path}/:id`,
      { schema: { params: idParamSchema, response: { 200: itemSchema, ...errors } } },
      async (request) => ({ item: await visibleItem(request, request.params.id) }),
    );

    app.get(
      `${path}/:id/history`,
      { schema: { params: idParamSchema, response: { 200: historyResponseSchema, ...errors } } },
      async (request) => {
        const history = await readsOf(request).catalogueItemHistory(kind, request.params.id);
        if (!history) throw httpError(404, catalogueItemNotFound(kind));
        return { history };
      },
    );

    app.post(
      path,
      {
        preHandler: manage,
        schema: { body: CATALOGUE_CREATE_BODY_SCHEMAS[kind], response: { 201: itemSchema, ...errors } },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const id = await createCatalogueItem(context, caller, kind, request.body, appendMetadata(request));
        void reply.code(201);
        return { item: await visibleItem(request, id) };
      },
    );

    app.put(
      `${path}/:id`,
      {
        preHandler: manage,
        schema: {
          params: idParamSchema,
          body: CATALOGUE_UPDATE_BODY_SCHEMAS[kind],
          response: { 200: itemSchema, ...errors },
        },
      },
      async (request) => {
        const { id } = request.params;
        await updateCatalogueItem(context, callerOf(request), kind, id, request.body, appendMetadata(request));
        return { item: await visibleItem(request, id) };
      },
    );

    app.delete(
      `${path}/:id`,
      { preHandler: manage, schema: { params: idParamSchema, response: { 200: messageResponseSchema, ...errors } } },
      async (request) => {
        await deleteCatalogueItem(context, callerOf(request), kind, request.params.id, appendMetadata(request));
        return { message: catalogueItemDeleted(kind) };
      },
    );
  };

/**
 * The CMS catalogue (spec 3 §2, §7; spec 1 §7): for callers with the cms, tests or results section (the
 * gateway's policy, checked again here); reads through the caller-bound repository, writes through the
 * catalogue decider's rules.
 */
export const catalogueRoutes =
  (context: ClinicalContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preHandler', allow(canReadCatalogue));
    const readsOf = (request: FastifyRequest) => clinicalReads(context, callerOf(request));

    app.get(
      '/cms/labs/active',
      { schema: { response: { 200: activeLabsResponseSchema, ...errors } } },
      async (request) => ({ items: await readsOf(request).activeLabs() }),
    );

    app.get(
      '/cms/test-form-fields',
      {
        schema: { querystring: testFormFieldsQuerySchema, response: { 200: testFormFieldsResponseSchema, ...errors } },
      },
      async (request) => {
        const fields = await readsOf(request).testFormFields(request.query.institution_id);
        if (!fields) throw httpError(404, ERRORS.institutionNotFound);
        return fields;
      },
    );

    for (const kind of CATALOGUE_KINDS) await app.register(kindRoutes(context, kind));
  };
