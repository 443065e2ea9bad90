/**
 * A run started from something cached per connection (the graph's principal, the whole graph's
 * counts, what the graph can do) that the graph, read beside the run, no longer confirms: the run is thrown away before any
 * item is shaped and made again, waiting for the fresh reads (see `runContextRequest`).
 */
export class StaleCache extends Error {}
