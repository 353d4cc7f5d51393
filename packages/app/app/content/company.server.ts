import type { StaffMember } from "@showroom/fixtures";
import type { StaffCard } from "../components/company";
import type { Site } from "./site.server";

/** A staff member as the team pages show them. */
export function staffCard(site: Site, member: StaffMember): StaffCard {
  const store = site.stores.find((s) => s.id === member.storeId);
  return {
    slug: member.slug,
    name: `${member.firstName} ${member.lastName}`,
    firstName: member.firstName,
    title: member.title,
    department: member.department,
    phone: member.phone,
    rating: member.rating,
    imageUrl: member.imageUrl,
    storeName: store?.dealer.name ?? null,
    bio: member.bio,
  };
}

/** The group's sales locations with the store's phone and hours, for "Where to find us". */
export function companyLocations(site: Site) {
  return site.content.locations.main.map((place) => {
    const store = place.storeId ? site.stores.find((s) => s.id === place.storeId) : undefined;
    return {
      name: place.name,
      subname: place.subname,
      address: `${place.addressLine1}, ${place.addressLine2}`,
      note: place.note,
      mapsUrl: place.googleMapsLink,
      phone: store?.dealer.sales.phone ?? null,
      hours: store?.dealer.sales.hours ?? null,
    };
  });
}
