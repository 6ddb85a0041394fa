//! Event-driven integration with Lötstedt's active set, impacts and accumulation points.
