import { AsyncLocalStorage } from 'node:async_hooks';
import { ownerIdOf, type Principal } from './principal';

/*
 * Who the current request acts as, for the few writes that record an owner (a new dataset, a
 * new run): the boundaries (withApi, the upload route, server actions) set it once, so that
 * the code between them and the database need not carry it through every signature.
 */
const store = new AsyncLocalStorage<Principal>();

/** Runs `fn` acting as `principal`. */
export const runAs = <T>(principal: Principal, fn: () => Promise<T>): Promise<T> => store.run(principal, fn);

/** Acts as `principal` for the rest of the calling function (server actions: no callback to wrap). */
export const actAs = (principal: Principal): void => store.enterWith(principal);

/** The user id a created row records as its owner; null outside a request or for the service key. */
export const currentOwnerId = (): string | null => ownerIdOf(store.getStore());
