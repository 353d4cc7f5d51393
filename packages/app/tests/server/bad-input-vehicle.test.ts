// Bad input against the vehicle forms (test drive, personalize price, unlock inventory, saved vehicles): whatever is posted, the server answers
// without a 5xx, and a post it refuses leaves nothing behind (support/action-fuzz.ts; every action's group is checked
// in bad-input-contact.test.ts).
import { fuzzActionGroup } from "./support/action-fuzz";

fuzzActionGroup("vehicle");
