import {
  catalogueItemDeleted,
  type AnyCatalogueKindContracts,
  catalogueItemNotFound,
  CATALOGUE_KINDS,
  CLINICAL_CONTRACTS,
  ERRORS,
  type CatalogueKind,
} from '@labline/contracts';
import { appendMetadata, callerOf, httpError, route } from '@labline/service-kit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCatalogueItem, deleteCatalogueItem, updateCatalogueItem } from '../commands/catalogue';
import type { ClinicalContext } from '../config';
import { clinicalReads } from '../reads';

const contracts = CLINICAL_CONTRACTS;

/** One kind's `/cms/{kind}` routes: reads for every catalogue reader, writes for who manages the kind. */
const kindRoutes =
  (context: ClinicalContext, kind: CatalogueKind): FastifyPluginAsyncZod =>
  async (app) => {
    const kindContracts: AnyCatalogueKindContracts = contracts.catalogue[kind];
    const readsOf = (request: FastifyRequest) => clinicalReads(context, callerOf(request));
    const visibleItem = async (request: FastifyRequest, id: number) => {
      const item = await readsOf(request).catalogueItem(kind, id);
      if (!item) throw httpError(404, catalogueItemNotFound(kind));
      return item;
    };

    route(app, kindContracts.list, async (request) => {
      const items = await readsOf(request).catalogue(kind, request.query);
      // An institution the caller may not name answers as an unknown one does.
      if (!items) throw httpError(404, ERRORS.institutionNotFound);
      return { items };
    });

    route(app, kindContracts.item, async (request) => ({ item: await visibleItem(request, request.params.id) }));

    route(app, kindContracts.history, async (request) => {
      const history = await readsOf(request).catalogueItemHistory(kind, request.params.id);
      if (!history) throw httpError(404, catalogueItemNotFound(kind));
      return { history };
    });

    route(app, kindContracts.create, async (request, reply) => {
      const caller = callerOf(request);
      const id = await createCatalogueItem(context, caller, kind, request.body, appendMetadata(request));
      void reply.code(201);
      return { item: await visibleItem(request, id) };
    });

    route(app, kindContracts.update, async (request) => {
      const { id } = request.params;
      await updateCatalogueItem(context, callerOf(request), kind, id, request.body, appendMetadata(request));
      return { item: await visibleItem(request, id) };
    });

    route(app, kindContracts.remove, async (request) => {
      await deleteCatalogueItem(context, callerOf(request), kind, request.params.id, appendMetadata(request));
      return { message: catalogueItemDeleted(kind) };
    });
  };

/**
 * The CMS catalogue (spec 3 §2, §7; spec 1 §7): for callers with the cms, tests or results section (the
 * contracts' guard, canReadCatalogue); reads through the caller-bound repository, writes through the
 * catalogue decider's rules.
 */
export const catalogueRoutes =
  (context: ClinicalContext): FastifyPluginAsyncZod =>
  async (app) => {
    const readsOf = (request: FastifyRequest) => clinicalReads(context, callerOf(request));

    route(app, contracts.activeLabs, async (request) => ({ items: await readsOf(request).activeLabs() }));

    route(app, contracts.testFormFields, async (request) => {
      const fields = await readsOf(request).testFormFields(request.query.institution_id);
      if (!fields) throw httpError(404, ERRORS.institutionNotFound);
      return fields;
    });

    for (const kind of CATALOGUE_KINDS) await app.register(kindRoutes(context, kind));
  };
