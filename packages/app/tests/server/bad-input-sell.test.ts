// Bad input against the sell/trade journey and the offer page's visit form: whatever is posted, the server answers
// without a 5xx, and a post it refuses leaves nothing behind (support/action-fuzz.ts; every action's group is checked
// in bad-input-contact.test.ts).
import { fuzzActionGroup } from "./support/action-fuzz";

fuzzActionGroup("sell");
