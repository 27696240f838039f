/** Where the city picked in /citylist is kept across visits (read by CityStore and the HTML's early calls). */
export const CITY_KEY = "fuel.city";
