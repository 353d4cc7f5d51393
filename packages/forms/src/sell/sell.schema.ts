import { SELL_INTERESTS } from "@showroom/rules/questionnaire";
import { z } from "zod";
import { defaultFormContext, type FormContext } from "../fields/context";
import { formMeta } from "../fields/form-meta";
import { moneySchema, wholeNumberSchema } from "../fields/numbers";
import { blankAsMissing, requiredText } from "../fields/text";
import { MAX_LENGTH, NUMBER_LIMITS } from "../limits";
import { MESSAGES, vehicleFieldMessage } from "../messages";

/** Whether the shopper sells outright or trades in toward another car (ADF vehicle interest). */
export { SELL_INTERESTS };

/**
 * The vehicle of the sell/trade form (spec section 3): make, model, year, price and mileage, each answered with
 * "Enter the {field} of the vehicle." when missing or unreadable. Year runs from 1900 to next year's models; price
 * and mileage are positive (the spec's emptiness test counts zero as empty).
 */
export function sellVehicleShape(context: FormContext = defaultFormContext) {
  return {
    make: requiredText(MAX_LENGTH.vehicleMake, vehicleFieldMessage("make")),
    model: requiredText(MAX_LENGTH.vehicleModel, vehicleFieldMessage("model")),
    year: wholeNumberSchema({
      min: NUMBER_LIMITS.oldestModelYear,
      max: 9999,
      message: vehicleFieldMessage("year"),
      requiredMessage: vehicleFieldMessage("year"),
    }).refine((year) => year <= Number(context.today().slice(0, 4)) + 1, { error: vehicleFieldMessage("year") }),
    price: moneySchema({
      min: 0,
      max: NUMBER_LIMITS.vehiclePrice.max,
      message: vehicleFieldMessage("price"),
      requiredMessage: vehicleFieldMessage("price"),
    }).refine((price) => price > 0, { error: vehicleFieldMessage("price") }),
    mileage: wholeNumberSchema({
      min: 1,
      max: NUMBER_LIMITS.mileage.max,
      message: vehicleFieldMessage("mileage"),
      requiredMessage: vehicleFieldMessage("mileage"),
    }),
    interest: blankAsMissing(z.enum(SELL_INTERESTS, { error: MESSAGES.choice }).default("sell")),
  };
}

/** The sell/trade form for a given day (the newest model year follows the calendar). */
export function createSellFormSchema(context: FormContext = defaultFormContext) {
  return formMeta.extend(sellVehicleShape(context));
}

/** The sell/trade form on the real clock. */
export const sellFormSchema = createSellFormSchema();

export type SellFormInput = z.input<typeof sellFormSchema>;
export type SellFormSubmission = z.output<typeof sellFormSchema>;
