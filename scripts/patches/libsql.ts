import type { Patch } from './patch.ts';

/* The patches of the libSQL clients' rows (docs/decisions/0061): local (libsql) and over HTTP (hrana). */

/**
 * What both clients' rows are made of (LIBSQL_ROWS, HRANA_ROWS): one prototype per list of columns, with
 * `length` and the indexes; the columns' names are the rows' own properties. Over HTTP a column may have no
 * name.
 */
const ROW_SHAPES = `// passerelle: rows of one shape per statement
const rowShapes = new Map();
const rowValues = Symbol("values");
function rowShapeOf(colNames, length) {
    const key = colNames.map((name) => (name === undefined ? "\u0001" : name)).join("\u0000");
    let shape = rowShapes.get(key);
    if (!shape) {
        const prototype = {};
        Object.defineProperty(prototype, "length", { value: length });
        const named = [];
        for (let i = 0; i < length; ++i) {
            Object.defineProperty(prototype, i, { get() { return this[rowValues][i]; } });
            const column = colNames[i];
            if (column !== undefined && column !== "length" &&
                !(String(column >>> 0) === column && column >>> 0 < length) &&
                !named.some((n) => n.column === column))
                named.push({ column, i });
        }
        shape = { prototype, named };
        if (rowShapes.size < 2000)
            rowShapes.set(key, shape);
    }
    return shape;
}`;

/**
 * @libsql/client 0.18.0 (the latest) builds each row of a `file:` database with two `Object.defineProperty`
 * per value (its index, then its column's name): objects V8 keeps as dictionaries, then read again by index
 * for drizzle. A teacher's home (hundreds of values) spent 10 % of its CPU there. A row is now an object
 * with its columns' names as its own properties, assigned in the same order (one shape per statement), and
 * `length` and its indexes on a prototype made once per list of columns; what a row shows is unchanged:
 * names enumerable, indexes and `length` not.
 */
export const LIBSQL_ROWS: Patch = {
  file: 'node_modules/@libsql/client/lib-esm/sqlite3.js',
  marker: 'passerelle: rows of one shape per statement',
  from: `function rowFromSql(sqlRow, columns, intMode) {
    const row = {};
    // make sure that the "length" property is not enumerable
    Object.defineProperty(row, "length", { value: sqlRow.length });
    for (let i = 0; i < sqlRow.length; ++i) {
        const value = valueFromSql(sqlRow[i], intMode);
        Object.defineProperty(row, i, { value });
        const column = columns[i];
        if (!Object.hasOwn(row, column)) {
            Object.defineProperty(row, column, {
                value,
                enumerable: true,
                configurable: true,
                writable: true,
            });
        }
    }
    return row;
}`,
  to: `${ROW_SHAPES}
function rowFromSql(sqlRow, columns, intMode) {
    const { prototype, named } = rowShapeOf(columns, sqlRow.length);
    const row = Object.create(prototype);
    for (let i = 0; i < sqlRow.length; ++i) {
        const value = sqlRow[i];
        if (typeof value === "bigint" || value instanceof Buffer)
            sqlRow[i] = valueFromSql(value, intMode);
    }
    Object.defineProperty(row, rowValues, { value: sqlRow });
    for (const { column, i } of named)
        row[column] = sqlRow[i];
    return row;
}`,
};

/**
 * The same rows over HTTP (LIBSQL_ROWS): @libsql/hrana-client, which the Worker's database client uses,
 * builds each row the same way. On a teacher's home page run from the Worker build, 2.7 % of the CPU.
 */
export const HRANA_ROWS: Patch = {
  file: 'node_modules/@libsql/hrana-client/lib-esm/result.js',
  marker: 'passerelle: rows of one shape per statement',
  from: `function rowFromProto(colNames, values, intMode) {
    const row = {};
    // make sure that the "length" property is not enumerable
    Object.defineProperty(row, "length", { value: values.length });
    for (let i = 0; i < values.length; ++i) {
        const value = valueFromProto(values[i], intMode);
        Object.defineProperty(row, i, { value });
        const colName = colNames[i];
        if (colName !== undefined && !Object.hasOwn(row, colName)) {
            Object.defineProperty(row, colName, { value, enumerable: true, configurable: true, writable: true });
        }
    }
    return row;
}`,
  to: `${ROW_SHAPES}
function rowFromProto(colNames, values, intMode) {
    const { prototype, named } = rowShapeOf(colNames, values.length);
    const row = Object.create(prototype);
    const converted = new Array(values.length);
    for (let i = 0; i < values.length; ++i)
        converted[i] = valueFromProto(values[i], intMode);
    Object.defineProperty(row, rowValues, { value: converted });
    for (const { column, i } of named)
        row[column] = converted[i];
    return row;
}`,
};
