/**
 * A small host for running ONE remote alone (`npm run dev -w <remote>`): the session (sign in
 * against the running API), the bus's toasts and modals, and a router over the routes the remote
 * declares in the app registry. No shell, no other remote: a team works on its screens by
 * themselves. Never part of a production bundle (each remote's bootstrap imports it in
 * development only).
 */
import { type ComponentType } from 'react';
import { type Root } from 'react-dom/client';
import type { RemoteDeclaration } from '../registry';
/** Loads one of the remote's source files by its path under src/ ('home/HomePage.tsx'). */
export type PageImporter = (file: string) => Promise<{
    default: ComponentType<Record<string, unknown>>;
}>;
/** Renders `declaration`'s routes alone into #root; returns the React root. */
export declare function startStandalone(declaration: RemoteDeclaration, importPage: PageImporter): Promise<Root>;
