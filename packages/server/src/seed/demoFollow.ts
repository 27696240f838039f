/**
 * The follow-us settings a new database starts with (spec §3 web info, issue 25): the official
 * account's name and its QR image, so /personal's follow-us overlay shows a code in a demo.
 *
 * The image is a PNG data URL made once with the `qrcode` package (the app's dependency, not the
 * server's, so it is not imported here):
 *   QRCode.toDataURL(DEMO_FOLLOW_URL, { margin: 1, scale: 4, errorCorrectionLevel: "M" })
 * An operator replaces both with the real account's in the site settings.
 */

/** The example official-account address the demo QR image encodes. */
export const DEMO_FOLLOW_URL = "https://weixin.qq.com/r/example-fuel-official-account";

/** The demo official account's name. */
export const DEMO_FOLLOW_ACCOUNT_NAME = "加油优惠助手";

/** The QR image of {@link DEMO_FOLLOW_URL}, 140x140 px. */
export const DEMO_FOLLOW_QRCODE =
  "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAIwAAACMCAYAAACuwEE+AAAAAklEQVR4AewaftIAAAWUSURBVO" +
  "3BQY4cNhIAwUyi///lXB0LPtBL9Ei2gYqwX1jr/3RY68FhrQeHtR58+AuVP6nihcpUMalMFS9UpopJ5abihcpUcaPyJ1VMh7" +
  "UeHNZ6cFjrwYe/UfGTVF6oTBU3FS9UpoqbihuVFxXfqPhJKjeHtR4c1npwWOvBh0cqLypeqNyoTBWTylQxqXxDZap4UXGjMl" +
  "W8UHlR8eKw1oPDWg8Oaz348C9XMal8o2JS+YbKTcWNyn/JYa0Hh7UeHNZ68OE/TmWqmFReqPyTKv7NDms9OKz14LDWgw+PKv" +
  "4klaliUrmpmFSmihuVqeIbKlPFT6r4nQ5rPTis9eCw1oMPf0Pln1QxqUwVk8pU8UJlqphUpopJZap4oTJV3Kj8SYe1HhzWen" +
  "BY68GHv6j4N1F5UXFT8Y2KSeVGZar4RsU/6bDWg8NaDw5rPfjwFypTxaTykyqmikllqrhReVFxozJV3FT8Tio/qeLFYa0Hh7" +
  "UeHNZ68OFLFT9J5UZlqpgqJpWp4ndSmSpuVKaKb1RMKjcqNxXTYa0Hh7UeHNZ6YL8wqEwVNyrfqHihclMxqfykihuVFxWTyk" +
  "3FjcpUMancVNwc1npwWOvBYa0HH/6GylTxouJGZaq4qfhGxaTyQuVPqphUpooblZuKSWWqmA5rPTis9eCw1oMPX6qYVG5Ufi" +
  "eVqWJSmSomlaniRmWquFGZVG5UpopJ5UXFpDJV3BzWenBY68FhrQf2C4PKNypeqEwVk8pUcaMyVdyoTBU3Ki8qblSmihuVqe" +
  "JG5RsV02GtB4e1HhzWevDhLyp+ksoLlRcqU8WNyo3Ki4pJ5UZlqrhReaHyjYqbw1oPDms9OKz14MNfqEwVL1RuKiaVm4o/qe" +
  "JG5YXKVHGj8idVvDis9eCw1oPDWg8+fEllqrhRmSomlUllqrhRuamYVG5UXlTcqNxUTCpTxaRyU/FCZaqYDms9OKz14LDWgw" +
  "+PVKaKSWWqmComlaniRmWqmFRuVKaKSWWqmFQmlT9J5aZiUrmpeHFY68FhrQeHtR58+JLKVDGp3FS8qJhUvqHyjYpJ5abiGx" +
  "WTyqQyVUwqk8pUcXNY68FhrQeHtR7YL3xBZar4J6l8o+KFylQxqdxUTCpTxaTyO1XcHNZ6cFjrwWGtB/YLg8pU8UJlqphUbi" +
  "omlZ9UMalMFTcqU8WkMlVMKt+omFReVEwqNxXTYa0Hh7UeHNZ68OFvqEwVk8qLihuVqeKFyjdUbiomlRuVqWJSmSpuVKaKG5" +
  "VJZaqYVG4Oaz04rPXgsNaDD3+jYlKZKiaVSeWm4kblRcWNylRxo3JTMam8qLhRmSp+kspUcXNY68FhrQeHtR58+GEV36iYVK" +
  "aKb1TcqEwVNyovVL6hMlVMKr/TYa0Hh7UeHNZ68OFRxaTyjYqbiknlGxU3FZPKVHFTcaMyVUwqL1RuKm5UXhzWenBY68FhrQ" +
  "f2C/8iKi8qblRuKiaVP6liUpkqXqhMFZPKVDGpTBXTYa0Hh7UeHNZ68OEvVP6kiqliUpkqJpVvqEwVk8pU8ZNUXqhMFT+p4u" +
  "aw1oPDWg8Oaz348DcqfpLKjcpUMalMFTcqP0nln1TxQuVGZaq4Oaz14LDWg8NaDz48UnlR8Q2VqWJSmSqmihcqU8WNylRxoz" +
  "JVTCqTyk+qmFReHNZ6cFjrwWGtBx/+Y1SmihuVqWJSmSpuVG5UbiomlRcVNyrfUJkqpsNaDw5rPTis9eDDf0zFpHJTMancqE" +
  "wVU8WNyk+qmFRuKm5UpooXh7UeHNZ6cFjrwYdHFb9TxaRyUzGpfKPihcpUMalMKlPFNyomlaniJx3WenBY68FhrQf2C4PKn1" +
  "QxqUwVk8pUMalMFTcqLyp+ksqLikllqnihMlXcHNZ6cFjrwWGtB/YLa/2fDms9OKz14LDWg/8B15HoXffouyUAAAAASUVORK" +
  "5CYII=";
