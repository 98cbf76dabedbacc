"""Reading a mail's text: the command language, values, order lines and the variants' own lines.

Text in, frozen values out (or a reason naming the line); no store, no mail.
"""
