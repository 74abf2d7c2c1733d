/**
 * The host's connection layer (NEG-6), framework-free and browser-safe: it takes transports made
 * by the caller. Node-only pieces live in `./stdio` and are imported from there directly.
 */
export * from "./connect";
export * from "./era";
export * from "./http";
export * from "./replay";
export * from "./wire";
export * from "./inspect";
export * from "./negotiation";
export * from "./resource-scope";
