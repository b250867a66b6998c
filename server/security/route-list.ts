/**
 * Every route the app registers (method and URL pattern, HEAD left out), read by the authorization matrix and the
 * fuzzing from the running app, so a new route is in their sweep the day it is added.
 */
import type { FastifyInstance } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
}

const lists = new WeakMap<FastifyInstance, RegisteredRoute[]>();

/** Call before any route is registered. */
export function collectRoutes(app: FastifyInstance): void {
  const list: RegisteredRoute[] = [];
  lists.set(app, list);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') list.push({ method, url: route.url });
  });
}

/** @internal the routes collected so far, for the authorization matrix and the fuzzing */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  return [...(lists.get(app) ?? [])];
}
