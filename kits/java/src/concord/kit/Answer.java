package concord.kit;

import java.util.Collections;
import java.util.List;

/** An answer value: {@code {"scaleValue": …, "selectedOptionIds": […], "writtenText": …}}. */
public final class Answer {
    /** The scale value, or null. */
    public final Long scaleValue;
    /** The selected option ids, in the order the vector gives them (unmodifiable). */
    public final List<String> selectedOptionIds;
    /** The written text, or null. */
    public final String writtenText;

    public Answer(Long scaleValue, List<String> selectedOptionIds, String writtenText) {
        this.scaleValue = scaleValue;
        this.selectedOptionIds = Collections.unmodifiableList(selectedOptionIds);
        this.writtenText = writtenText;
    }
}
