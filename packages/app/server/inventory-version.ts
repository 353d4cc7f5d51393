import { KeptUntilChanged } from "../app/server/kept-until-changed";

/**
 * The inventory version (docs/decisions/130) as last read, for the HTML cache's key. It is kept only while the
 * database tells this process about every write to vehicles (PGlite, docs/decisions/156).
 */
export class InventoryVersionCache extends KeptUntilChanged<string | null> {}
