"""The package's exception: a problem of the inputs, at its field."""


class InputError(ValueError):
    """An input that does not read or cannot be computed.

    ``field`` names it as the command line and scenario files do (``seats[1]``,
    ``board``, ``text``, ``method``); ``column`` is the 1-based character column of the
    fault in that field's text, when it has one place.
    """

    def __init__(self, message, field="", column=None):
        super().__init__(message)
        self.field = field
        self.column = column
