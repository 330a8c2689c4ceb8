package concord.adapter.wire;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * A strict reader of one protobuf message on the wire, against a schema of its fields, written by
 * hand (no protobuf library) for the Tink key protos of CONTRACT.md §9.
 *
 * <p>Each field of the schema is either a varint (uint32 or enum) or length-delimited (bytes, or an
 * embedded message read with another call). Refused with {@link Malformed}: a truncated tag, varint or
 * length; a varint longer than 10 bytes or 64 bits; a field number the schema does not have; a field
 * with a wire type other than its schema's; a field that appears twice (protobuf would keep the last
 * scalar or merge two messages; a hand reader elsewhere might keep the first, so one byte string must
 * mean one key); a varint field above 2^32-1 (all the fields read here are 32-bit). proto3 writes no
 * field at its default value, so an absent field reads as "absent", never as a value.
 */
public final class Protobuf {
    /** The bytes are not this message; the message names the message and field. */
    public static final class Malformed extends Exception {
        private static final long serialVersionUID = 1L;

        public Malformed(String message) {
            super(message);
        }
    }

    /** One field of a schema: its number, its name in messages, and whether it is length-delimited. */
    public record Field(int number, String name, boolean lengthDelimited) {
        public static Field varint(int number, String name) {
            return new Field(number, name, false);
        }

        public static Field bytes(int number, String name) {
            return new Field(number, name, true);
        }
    }

    /** A decoded message: the fields present, by number. */
    public static final class Message {
        private final String name;
        private final Map<Integer, Object> values;
        private final Map<Integer, Field> schema;

        private Message(String name, Map<Integer, Object> values, Map<Integer, Field> schema) {
            this.name = name;
            this.values = values;
            this.schema = schema;
        }

        /** The message's name, e.g. {@code EciesAeadHkdfPublicKey}. */
        String name() {
            return name;
        }

        boolean has(int number) {
            return values.containsKey(number);
        }

        /** A varint field's value, or {@code defaultValue} when it is absent. */
        public long varint(int number, long defaultValue) {
            Object v = values.get(number);
            return v == null ? defaultValue : (Long) v;
        }

        /** A varint field that must be present. */
        public long requiredVarint(int number) throws Malformed {
            if (!has(number)) {
                throw missing(number);
            }
            return (Long) values.get(number);
        }

        /** A length-delimited field that must be present (proto3: empty bytes are absent too). */
        public byte[] requiredBytes(int number) throws Malformed {
            if (!has(number)) {
                throw missing(number);
            }
            return ((byte[]) values.get(number)).clone();
        }

        /** A length-delimited field, or empty bytes when it is absent. */
        public byte[] bytesOrEmpty(int number) {
            Object v = values.get(number);
            return v == null ? new byte[0] : ((byte[]) v).clone();
        }

        /** {@code Message.field} for messages. */
        public String path(int number) {
            return name + "." + schema.get(number).name();
        }

        private Malformed missing(int number) {
            return new Malformed(path(number) + " (field " + number + ") is missing");
        }
    }

    private Protobuf() {}

    /** Reads {@code data} as the message {@code name} with exactly these fields. */
    public static Message read(byte[] data, String name, Field... fields) throws Malformed {
        Map<Integer, Field> schema = new HashMap<>();
        for (Field f : fields) {
            schema.put(f.number(), f);
        }
        Map<Integer, Object> values = new HashMap<>();
        int[] pos = {0};
        while (pos[0] < data.length) {
            long tag = varint(data, pos, name + ": a field tag");
            long number = tag >>> 3;
            int wireType = (int) (tag & 7);
            Field field = number <= Integer.MAX_VALUE ? schema.get((int) number) : null;
            if (field == null) {
                throw new Malformed(name + " has field " + Long.toUnsignedString(number) + " (wire type " + wireType
                        + "), which it does not define (its fields: " + describe(fields) + ")");
            }
            String where = name + "." + field.name();
            if (values.containsKey(field.number())) {
                throw new Malformed(where + " (field " + field.number() + ") appears twice");
            }
            int expected = field.lengthDelimited() ? 2 : 0;
            if (wireType != expected) {
                throw new Malformed(where + " (field " + field.number() + ") has wire type " + wireType + ", not "
                        + expected + (expected == 2 ? " (length-delimited)" : " (varint)"));
            }
            if (field.lengthDelimited()) {
                long len = varint(data, pos, "the length of " + where);
                if (len < 0 || len > data.length - pos[0]) {
                    throw new Malformed("the length of " + where + ", " + Long.toUnsignedString(len)
                            + ", runs past the end of " + name + " (" + (data.length - pos[0]) + " bytes left)");
                }
                values.put(field.number(), Arrays.copyOfRange(data, pos[0], pos[0] + (int) len));
                pos[0] += (int) len;
            } else {
                long v = varint(data, pos, where);
                if (v < 0 || v > 0xFFFF_FFFFL) {
                    throw new Malformed(where + " is " + Long.toUnsignedString(v) + ", above the 32-bit range");
                }
                values.put(field.number(), v);
            }
        }
        return new Message(name, values, schema);
    }

    /** A varint at {@code pos[0]}, advancing it. At most 10 bytes and 64 bits, as protobuf allows. */
    private static long varint(byte[] b, int[] pos, String what) throws Malformed {
        long value = 0;
        for (int i = 0; i < 10; i++) {
            if (pos[0] >= b.length) {
                throw new Malformed("the protobuf ends inside " + what);
            }
            int x = b[pos[0]++] & 0xff;
            if (i == 9 && x > 1) {
                throw new Malformed(what + " is a varint longer than 64 bits");
            }
            value |= (long) (x & 0x7f) << (7 * i);
            if (x < 0x80) {
                return value;
            }
        }
        throw new Malformed(what + " is a varint longer than 10 bytes");
    }

    private static String describe(Field[] fields) {
        StringBuilder b = new StringBuilder();
        for (Field f : fields) {
            if (b.length() > 0) {
                b.append(", ");
            }
            b.append(f.name()).append(" = ").append(f.number());
        }
        return b.toString();
    }
}
