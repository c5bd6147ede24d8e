// The made-up people of the benchmarks' data (scripts/bench/dataset.ts), in plain JavaScript: the
// benchmark itself searches for the common surname.

/** Common US surnames; Smith comes first and most often, so the customers search has a common surname. */
export const SURNAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Green', 'Baker', 'Adams', 'Nelson', 'Hill', 'Campbell', 'Mitchell', 'Roberts']

export const FIRST_NAMES = ['Aaliyah', 'Andre', 'Brianna', 'Carlos', 'Dana', 'Darnell', 'Destiny', 'Elena', 'Faith', 'Gabriel', 'Imani', 'Jasmine', 'Jordan', 'Keisha', 'Kevin', 'Layla', 'Malik', 'Maria', 'Marcus', 'Monique', 'Nia', 'Omar', 'Priya', 'Quinn', 'Rashad', 'Sofia', 'Tanya', 'Terrence', 'Vanessa', 'Zoe']

/** The most common surname of the made-up customers (about one in eight). */
export const COMMON_SURNAME = SURNAMES[0]
