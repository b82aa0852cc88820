import Foundation
import TestSupport
import XCTest

/// Checks a JUnit report the way CI servers read it (Q4), with real XML tools: xmllint (Debian
/// libxml2-utils) validates it against `schema` below, and Python's xml.etree reads it and checks
/// the totals. Either tool missing skips its part; both missing skips the test.
enum JUnitValidation {
    /// The JUnit shape CI servers import (Jenkins' and the xunit plugin's junit-10, GitLab,
    /// Azure): `<testsuites>` of `<testsuite name tests failures errors>` of `<testcase name>`
    /// holding at most `<failure>`, `<error>` or `<skipped>`; times are plain decimals.
    static let schema = """
        <?xml version="1.0" encoding="UTF-8"?>
        <xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
          <xs:simpleType name="seconds">
            <xs:restriction base="xs:string"><xs:pattern value="[0-9]+(\\.[0-9]+)?"/></xs:restriction>
          </xs:simpleType>
          <xs:simpleType name="count">
            <xs:restriction base="xs:nonNegativeInteger"/>
          </xs:simpleType>
          <xs:complexType name="outcome" mixed="true">
            <xs:attribute name="message" type="xs:string"/>
            <xs:attribute name="type" type="xs:string"/>
          </xs:complexType>
          <xs:element name="testsuites">
            <xs:complexType>
              <xs:sequence>
                <xs:element name="testsuite" minOccurs="0" maxOccurs="unbounded">
                  <xs:complexType>
                    <xs:sequence>
                      <xs:element name="properties" minOccurs="0">
                        <xs:complexType><xs:sequence>
                          <xs:element name="property" minOccurs="0" maxOccurs="unbounded">
                            <xs:complexType>
                              <xs:attribute name="name" type="xs:string" use="required"/>
                              <xs:attribute name="value" type="xs:string" use="required"/>
                            </xs:complexType>
                          </xs:element>
                        </xs:sequence></xs:complexType>
                      </xs:element>
                      <xs:element name="testcase" minOccurs="0" maxOccurs="unbounded">
                        <xs:complexType>
                          <xs:sequence>
                            <xs:choice minOccurs="0">
                              <xs:element name="failure" type="outcome"/>
                              <xs:element name="error" type="outcome"/>
                              <xs:element name="skipped" type="outcome"/>
                            </xs:choice>
                            <xs:element name="system-out" type="xs:string" minOccurs="0"/>
                            <xs:element name="system-err" type="xs:string" minOccurs="0"/>
                          </xs:sequence>
                          <xs:attribute name="name" type="xs:string" use="required"/>
                          <xs:attribute name="classname" type="xs:string" use="required"/>
                          <xs:attribute name="time" type="seconds" use="required"/>
                        </xs:complexType>
                      </xs:element>
                      <xs:element name="system-out" type="xs:string" minOccurs="0"/>
                      <xs:element name="system-err" type="xs:string" minOccurs="0"/>
                    </xs:sequence>
                    <xs:attribute name="name" type="xs:string" use="required"/>
                    <xs:attribute name="tests" type="count" use="required"/>
                    <xs:attribute name="failures" type="count" use="required"/>
                    <xs:attribute name="errors" type="count" use="required"/>
                    <xs:attribute name="skipped" type="count"/>
                    <xs:attribute name="time" type="seconds" use="required"/>
                    <xs:attribute name="timestamp" type="xs:string"/>
                  </xs:complexType>
                </xs:element>
              </xs:sequence>
              <xs:attribute name="name" type="xs:string"/>
              <xs:attribute name="tests" type="count" use="required"/>
              <xs:attribute name="failures" type="count" use="required"/>
              <xs:attribute name="errors" type="count" use="required"/>
              <xs:attribute name="skipped" type="count"/>
              <xs:attribute name="time" type="seconds" use="required"/>
            </xs:complexType>
          </xs:element>
        </xs:schema>
        """

    /// Reads the report with xml.etree, checks every count against the elements and that the test
    /// cases' times add up to their suite's, and prints one line per test case: suite name, test
    /// case name, outcome (pass, failure, error, skipped), its time, its suite's time and title.
    static let python = """
        import sys, xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        assert root.tag == "testsuites", root.tag
        totals = {"tests": 0, "failures": 0, "errors": 0, "skipped": 0}
        float(root.get("time"))
        for suite in root:
            assert suite.tag == "testsuite", suite.tag
            cases = suite.findall("testcase")
            counts = {"tests": len(cases),
                      "failures": sum(1 for c in cases if c.find("failure") is not None),
                      "errors": sum(1 for c in cases if c.find("error") is not None),
                      "skipped": sum(1 for c in cases if c.find("skipped") is not None)}
            for k, v in counts.items():
                assert int(suite.get(k, "0")) == v, (suite.get("name"), k, suite.get(k), v)
                totals[k] += v
            suite_time = float(suite.get("time"))
            # The test cases share the scenario's run: their times add up to the suite's (Q12).
            case_sum = sum(float(c.get("time")) for c in cases)
            assert abs(case_sum - suite_time) <= 0.0006 * max(1, len(cases)), (suite.get("name"), case_sum, suite_time)
            props = {p.get("name"): p.get("value") for p in suite.iter("property")}
            for c in cases:
                float(c.get("time"))
                assert c.get("classname") and "." not in c.get("classname"), c.get("classname")
                outcome = "pass"
                for tag in ("failure", "error", "skipped"):
                    if c.find(tag) is not None:
                        outcome = tag
                        assert c.find(tag).get("message"), "a message"
                print("%s\\t%s\\t%s\\t%s\\t%s\\t%s" % (suite.get("name"), c.get("name"), outcome, c.get("time"),
                                              suite.get("time"), props.get("scenario", "")))
        for k, v in totals.items():
            assert int(root.get(k, "0")) == v, ("testsuites", k, root.get(k), v)
        """

    /// Runs `tool`: its exit status, and its stdout followed by its stderr.
    static func run(_ tool: String, _ args: [String]) throws -> (status: Int32, out: String) {
        let r = Subprocess.output(tool, args, timeout: 120)
        return (r.code, r.out + r.err)
    }

    /// Validates `xml`; returns the test cases as (suite, name, outcome) from Python (none without
    /// python3). Without either tool it is skipped; under CI each missing tool fails it
    /// (`Requirement`). Failures are XCTFail at the caller's line.
    static func check(_ xml: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> [(suite: String, name: String, outcome: String, time: Double, suiteTime: Double, title: String)] {
        let xmllint = try Requirement.optionalTool("xmllint", package: "libxml2-utils")
        let python3 = try Requirement.optionalTool("python3", package: "python3")
        guard xmllint != nil || python3 != nil else {
            throw Requirement.missing("neither xmllint nor python3 is installed",
                                      install: "apt-get install -y libxml2-utils python3")
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("liveblog-junit-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("report.xml").path
        try xml.write(toFile: report, atomically: true, encoding: .utf8)
        if let xmllint {
            let xsd = dir.appendingPathComponent("junit.xsd").path
            try schema.write(toFile: xsd, atomically: true, encoding: .utf8)
            let r = try run(xmllint, ["--noout", "--schema", xsd, report])
            XCTAssertEqual(r.status, 0, "xmllint: \(r.out)\n\(xml)", file: file, line: line)
        }
        guard let python3 else { return [] }
        let script = dir.appendingPathComponent("check.py").path
        try python.write(toFile: script, atomically: true, encoding: .utf8)
        let r = try run(python3, [script, report])
        XCTAssertEqual(r.status, 0, "xml.etree: \(r.out)\n\(xml)", file: file, line: line)
        return r.out.split(separator: "\n").compactMap {
            let f = $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return f.count == 6 ? (f[0], f[1], f[2], Double(f[3]) ?? -1, Double(f[4]) ?? -1, f[5]) : nil
        }
    }
}
