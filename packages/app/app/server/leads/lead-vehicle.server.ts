import type { LeadVehicle, VehicleFinance } from "@showroom/rules/leads";
import { rowPath, type VehicleRow } from "../../content/inventory.server";

/**
 * The vehicle a lead is about (spec section 3, Vehicle), from its inventory row: every field the ADF and text leads
 * print, its page on the public origin, and how the shopper means to pay when a form asked.
 */
export function leadVehicleFromRow(origin: string, row: VehicleRow, finance?: VehicleFinance): LeadVehicle {
  const details = (typeof row.details === "object" && row.details !== null ? row.details : {}) as Record<
    string,
    unknown
  >;
  const doors = details.doors;
  return {
    condition: row.condition,
    year: row.year,
    make: row.make,
    model: row.model,
    trim: row.trim,
    vin: row.vin,
    stockNumber: row.stockNumber,
    mileage: row.mileage,
    doors: typeof doors === "number" || typeof doors === "string" ? doors : null,
    bodystyle: row.bodyStyle,
    transmission: row.transmission,
    exteriorcolor: row.exteriorColor,
    interiorcolor: row.interiorColor,
    fuelType: row.fuelType,
    url: `${origin}${rowPath(row)}`,
    price: { salePrice: row.price, oldPrice: row.oldPrice },
    ...(finance ? { finance } : {}),
  };
}
